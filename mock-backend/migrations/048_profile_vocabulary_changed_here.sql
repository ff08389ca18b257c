-- The profile's own words (044) are fields of the profile like the others: a legacy member who changes them here keeps
-- them (the import and the identity bridge never put back the PHP service's). The trigger of 039, with those columns.
CREATE OR REPLACE FUNCTION profiles_mark_changed_here() RETURNS trigger LANGUAGE plpgsql AS $$
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
          'eye_colour', 'body_type', 'tattoos', 'signup_reason', 'status', 'invisible', 'lat', 'lon', 'looking_for',
          'position', 'tribes', 'height_cm', 'weight_kg', 'pronouns']
  );
  IF cardinality(changed) > 0 AND EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND origin = 'legacy') THEN
    NEW.changed_here := with_fields(OLD.changed_here, changed);
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER profiles_changed_here ON profiles;
CREATE TRIGGER profiles_changed_here
  BEFORE UPDATE OF name, country, region_id, birth_date, about, gender, sexuality, relationship_status, hair_colour, eye_colour,
    body_type, tattoos, signup_reason, status, invisible, lat, lon, looking_for, position, tribes, height_cm, weight_kg,
    pronouns ON profiles
  FOR EACH ROW
  EXECUTE FUNCTION profiles_mark_changed_here();
