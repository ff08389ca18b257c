-- The search's quick filters (members.php `online`, `with_photo`, `new`, `nearby`), answered from profiles alone
-- like the rest of the search (004_profiles.sql, 015_search_statistics.sql):
--  - `online` is a range of the search indexes' last-activity column: no index of its own;
--  - `with_photo` is one probe of photos_one_main per candidate row: no index of its own;
--  - `new` (signed up in the last 30 days): the signup date is copied from users into profiles by the same triggers
--    as the last activity, and indexed, so a site with few new members reads them from profiles_search_new instead
--    of scanning every profile in activity order (and one with many stops at the first page, as before);
--  - `nearby` (within 50 km): a bounding box around the viewer's snapped position, read from profiles_search_place
--    when the box holds few members, before the exact distance bands are computed.
ALTER TABLE profiles ADD COLUMN signup_date timestamptz NOT NULL DEFAULT now();
UPDATE profiles p SET signup_date = u.signup_date FROM users u WHERE u.id = p.user_id;

CREATE OR REPLACE FUNCTION profiles_copy_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.site_id, u.last_active_at, (u.status = 'active' AND u.deleted_at IS NULL), u.signup_date
    INTO NEW.site_id, NEW.last_active_at, NEW.listed, NEW.signup_date
    FROM users u WHERE u.id = NEW.user_id;
  NEW.listed := coalesce(NEW.listed, false);
  NEW.signup_date := coalesce(NEW.signup_date, now());
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION users_sync_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET site_id = NEW.site_id, last_active_at = NEW.last_active_at, signup_date = NEW.signup_date
    WHERE user_id = NEW.id;
  RETURN NEW;
END $$;
DROP TRIGGER users_sync_profile ON users;
CREATE TRIGGER users_sync_profile AFTER UPDATE OF last_active_at, site_id, signup_date ON users
  FOR EACH ROW WHEN (OLD.last_active_at IS DISTINCT FROM NEW.last_active_at OR OLD.site_id IS DISTINCT FROM NEW.site_id
                     OR OLD.signup_date IS DISTINCT FROM NEW.signup_date)
  EXECUTE FUNCTION users_sync_profile();

CREATE INDEX profiles_search_new ON profiles (site_id, signup_date)
  WHERE status = 'active' AND NOT invisible AND listed;
CREATE INDEX profiles_search_place ON profiles (site_id, lat, lon)
  WHERE status = 'active' AND NOT invisible AND listed AND lat IS NOT NULL;
