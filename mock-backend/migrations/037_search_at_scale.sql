-- Search at ten million members: every search reads a bounded number of index entries, whatever the site's size
-- (docs/benchmarks.md, "Search at 10,000,000 members").
--
-- A search by distance reads grid cells instead of computing a distance for every member (components/privacy/geo.ts):
--  - every stored position is the centre of its 0.05° grid cell, as the privacy component has always stored it; a
--    position written otherwise (the bulk import took PHP's positions as they came) is snapped here, the same way;
--  - `cell` is that cell as one integer (row × 7200 + column), computed by the database from the position, so it can
--    never disagree with it;
--  - profiles_search_cell (site, cell, last activity, id) answers "nearby" (the cells within 50 km) and "nearest first"
--    (band by band, the newest members of each cell) in index order; it replaces profiles_search_place, whose range on
--    the latitude read every longitude of the band.
UPDATE profiles
SET lat = greatest(-89.975, least(89.975, round(((floor(lat / 0.05::float8) + 0.5) * 0.05::float8 * 1e6)::numeric) / 1e6)),
    lon = round(((floor((((lon + 540)::numeric % 360) - 180)::float8 / 0.05::float8) + 0.5) * 0.05::float8 * 1e6)::numeric) / 1e6
WHERE lat IS NOT NULL AND lon IS NOT NULL
  AND (lat <> greatest(-89.975, least(89.975, round(((floor(lat / 0.05::float8) + 0.5) * 0.05::float8 * 1e6)::numeric) / 1e6))
       OR lon <> round(((floor((((lon + 540)::numeric % 360) - 180)::float8 / 0.05::float8) + 0.5) * 0.05::float8 * 1e6)::numeric) / 1e6);

ALTER TABLE profiles ADD COLUMN cell int
  GENERATED ALWAYS AS (floor(lat / 0.05::float8)::int * 7200 + floor(lon / 0.05::float8)::int) STORED;

DROP INDEX profiles_search_place;

-- The filters a search tests on every candidate row are key columns at the end of the index that finds the
-- candidates, so a candidate that fails them is skipped in the index, without reading its row: a region with an age
-- band (the region index also holds the country, which a region implies but the planner cannot know), new members
-- of a country or nearby (the signup-date index also holds the country, gender, birth date and cell), and new members
-- cell by cell (the cell index also holds the signup date, country, gender and birth date). Each activity update
-- already writes a new entry to every index of profiles; the wider entries add nothing to their number.
CREATE INDEX profiles_search_cell ON profiles (site_id, cell, last_active_at DESC, user_id DESC, signup_date, country, gender, birth_date)
  WHERE status = 'active' AND NOT invisible AND listed AND cell IS NOT NULL;
DROP INDEX profiles_search_region;
CREATE INDEX profiles_search_region ON profiles (site_id, region_id, last_active_at DESC, user_id DESC, country, gender, birth_date)
  WHERE status = 'active' AND NOT invisible AND listed AND region_id IS NOT NULL;
DROP INDEX profiles_search_new;
CREATE INDEX profiles_search_new ON profiles (site_id, signup_date, country, gender, birth_date, cell)
  WHERE status = 'active' AND NOT invisible AND listed;

-- No parallel plans on profiles: a search reads at most a page and a capped count through its indexes, and starting
-- parallel workers costs more than that whole read (PostgreSQL chose them for counts of combined filters, 30–40 ms
-- instead of 7). A table setting, so it holds for every connection, behind any pooler.
ALTER TABLE profiles SET (parallel_workers = 0);
