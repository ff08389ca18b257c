-- A search by distance with the profile's own words (a position and a height range within 25 km, say): the cell index
-- finds the members of the cells in reach, newest first, and the position and height are key columns at its end, so a
-- member who fails them is skipped in the index without reading his row. Before, every member in reach was read from
-- the table to test them: at ten million members, 65,000 rows for 181 matches, 460 ms (docs/benchmarks.md, "Search
-- filters"). The lists ("looking for", tribes) cannot be tested in a B-tree; they stay a check on the rows read.
DROP INDEX profiles_search_cell;
CREATE INDEX profiles_search_cell ON profiles
  (site_id, cell, last_active_at DESC, user_id DESC, signup_date, country, gender, birth_date, position, height_cm)
  WHERE status = 'active' AND NOT invisible AND listed AND cell IS NOT NULL;
