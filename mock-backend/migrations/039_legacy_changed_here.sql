-- Who owns a field of a member who came from the PHP service: the PHP service, until the field is changed here; from
-- then on this backend, for good. `changed_here` lists the fields of a legacy member that were changed here (his
-- e-mail address, password, language and status on users; his profile's fields on profiles). What the PHP service
-- says later (the identity bridge's refresh at a new session, a profile seen through another member, the bulk import)
-- writes only the fields not listed, so an address changed here is never put back by a PHP session.
--
-- The list is kept by triggers, so no write path can forget it: any UPDATE of those columns marks them, unless its
-- transaction says it is the PHP service speaking (`SET LOCAL app.legacy_sync = 'on'`, in components/legacy and the
-- import). `UPDATE OF` limits the trigger to statements that set those columns (a credit spend never fires it), and
-- members who signed up here are never marked (nothing of theirs comes from the PHP service).
ALTER TABLE users ADD COLUMN changed_here text[] NOT NULL DEFAULT '{}';
ALTER TABLE profiles ADD COLUMN changed_here text[] NOT NULL DEFAULT '{}';

-- The names of the columns among `fields` whose value differs between two versions of a row.
CREATE FUNCTION changed_fields(old_row jsonb, new_row jsonb, fields text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(array_agg(f ORDER BY f), '{}') FROM unnest(fields) AS f WHERE old_row -> f IS DISTINCT FROM new_row -> f
$$;

-- `list` with `more` added, each name once, in order.
CREATE FUNCTION with_fields(list text[], more text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(array_agg(DISTINCT f ORDER BY f), '{}') FROM unnest(list || more) AS f
$$;

CREATE FUNCTION users_mark_changed_here() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF current_setting('app.legacy_sync', true) = 'on' THEN
    RETURN NEW;
  END IF;
  changed := changed_fields(to_jsonb(OLD), to_jsonb(NEW), ARRAY['email', 'password_hash', 'language', 'status']);
  -- The password's field is called what a reader of the README's table knows it as.
  changed := array_replace(changed, 'password_hash', 'password');
  IF cardinality(changed) > 0 THEN
    NEW.changed_here := with_fields(OLD.changed_here, changed);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER users_changed_here
  BEFORE UPDATE OF email, password_hash, language, status ON users
  FOR EACH ROW
  WHEN (OLD.origin = 'legacy')
  EXECUTE FUNCTION users_mark_changed_here();

CREATE FUNCTION profiles_mark_changed_here() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF current_setting('app.legacy_sync', true) = 'on' THEN
    RETURN NEW;
  END IF;
  changed := changed_fields(
    to_jsonb(OLD),
    to_jsonb(NEW),
    ARRAY['name', 'country', 'region_id', 'birth_date', 'about', 'gender', 'sexuality', 'relationship_status', 'hair_colour',
          'eye_colour', 'body_type', 'tattoos', 'signup_reason', 'status', 'invisible', 'lat', 'lon']
  );
  IF cardinality(changed) > 0 AND EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND origin = 'legacy') THEN
    NEW.changed_here := with_fields(OLD.changed_here, changed);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER profiles_changed_here
  BEFORE UPDATE OF name, country, region_id, birth_date, about, gender, sexuality, relationship_status, hair_colour, eye_colour,
    body_type, tattoos, signup_reason, status, invisible, lat, lon ON profiles
  FOR EACH ROW
  EXECUTE FUNCTION profiles_mark_changed_here();

-- His interests are rows of their own: choosing them here (any insert or delete outside the PHP service's writes) marks
-- `interests` on his profile. Statement-level, so a profile edit that replaces his interests marks him once.
CREATE FUNCTION profile_interests_mark_changed_here() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.legacy_sync', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE profiles p SET changed_here = with_fields(p.changed_here, ARRAY['interests'])
  FROM users u
  WHERE u.id = p.user_id AND u.origin = 'legacy' AND NOT ('interests' = ANY(p.changed_here))
    AND p.user_id IN (SELECT user_id FROM changed_rows);
  RETURN NULL;
END
$$;

CREATE TRIGGER profile_interests_added_here
  AFTER INSERT ON profile_interests REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_interests_mark_changed_here();
CREATE TRIGGER profile_interests_removed_here
  AFTER DELETE ON profile_interests REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_interests_mark_changed_here();

-- What a legacy member changed here before this migration: a profile edited after his data last came from the PHP
-- service counts as changed here in every field (the rule before was all or nothing).
UPDATE profiles p SET changed_here = ARRAY['about', 'country', 'name']
FROM users u
WHERE u.id = p.user_id AND u.origin = 'legacy' AND p.updated_at > u.legacy_synced_at;
