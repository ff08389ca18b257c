-- A search and its capped count read profiles alone. Whether the account may be listed (active, not
-- deleted) is copied from users into profiles.listed, kept in step by triggers like site_id and last_active_at
-- (004_profiles.sql), so the count needs no join with users: it reads at most 1,001 entries of one index.
ALTER TABLE profiles ADD COLUMN listed boolean NOT NULL DEFAULT false;
UPDATE profiles p SET listed = (u.status = 'active' AND u.deleted_at IS NULL) FROM users u WHERE u.id = p.user_id;

CREATE OR REPLACE FUNCTION profiles_copy_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.site_id, u.last_active_at, (u.status = 'active' AND u.deleted_at IS NULL)
    INTO NEW.site_id, NEW.last_active_at, NEW.listed
    FROM users u WHERE u.id = NEW.user_id;
  NEW.listed := coalesce(NEW.listed, false);
  RETURN NEW;
END $$;

CREATE FUNCTION users_sync_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET listed = (NEW.status = 'active' AND NEW.deleted_at IS NULL) WHERE user_id = NEW.id;
  RETURN NEW;
END $$;
CREATE TRIGGER users_sync_listed AFTER UPDATE OF status, deleted_at ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION users_sync_listed();

-- The search indexes again, now only over listable profiles (a deleted or unconfirmed account is never read).
DROP INDEX profiles_search_recent;
DROP INDEX profiles_search_country;
DROP INDEX profiles_search_region;
CREATE INDEX profiles_search_recent ON profiles (site_id, last_active_at DESC, user_id DESC)
  WHERE status = 'active' AND NOT invisible AND listed;
CREATE INDEX profiles_search_country ON profiles (site_id, country, last_active_at DESC, user_id DESC)
  WHERE status = 'active' AND NOT invisible AND listed;
CREATE INDEX profiles_search_region ON profiles (site_id, region_id, last_active_at DESC, user_id DESC)
  WHERE status = 'active' AND NOT invisible AND listed AND region_id IS NOT NULL;
-- Gender and age without a country (a visitor looking for women 18–30): one narrow index instead of every profile.
CREATE INDEX profiles_search_gender_age ON profiles (site_id, gender, birth_date)
  WHERE status = 'active' AND NOT invisible AND listed;
