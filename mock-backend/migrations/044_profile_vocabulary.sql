-- A profile in the member's own words: what he is looking for, position, tribes, height, weight and pronouns.
-- Every field is optional; a member who fills in nothing has the defaults below and sees no difference.
-- Height and weight are stored in one unit (centimetres, kilograms); the interface converts for imperial locales.
ALTER TABLE profiles
  ADD COLUMN looking_for text[] NOT NULL DEFAULT '{}'
    CHECK (looking_for <@ ARRAY['chat', 'dates', 'friends', 'relationship', 'right_now']::text[] AND cardinality(looking_for) <= 5),
  ADD COLUMN position text
    CHECK (position IN ('top', 'vers_top', 'versatile', 'vers_bottom', 'bottom', 'side')),
  ADD COLUMN tribes text[] NOT NULL DEFAULT '{}'
    CHECK (tribes <@ ARRAY['bear', 'clean_cut', 'cub', 'daddy', 'discreet', 'geek', 'jock', 'leather', 'muscle', 'otter', 'rugged', 'sober', 'twink', 'wolf']::text[] AND cardinality(tribes) <= 3),
  ADD COLUMN height_cm smallint CHECK (height_cm BETWEEN 120 AND 230),
  ADD COLUMN weight_kg smallint CHECK (weight_kg BETWEEN 40 AND 250),
  ADD COLUMN pronouns text CHECK (pronouns IN ('he_him', 'he_they', 'they_them', 'any'));
