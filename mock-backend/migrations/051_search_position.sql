-- A search by position within a distance ("tops within 25 km" with a tribe and a height, say) reads the members of
-- that position in the cells in reach, newest first, instead of every member in reach: a position is one of six values
-- and most members in a crowded city are not the one asked for. At ten million members (680,000 within 25 km of the
-- viewer) such a search read 650,000 entries of the cell index for 181 matches, 63 ms; through this index 10.7 ms
-- (docs/benchmarks.md, "Search filters"). Partial: members who give no position are never in such a search.
CREATE INDEX profiles_search_position ON profiles (site_id, position, cell, last_active_at DESC, user_id DESC, country, height_cm)
  WHERE status = 'active' AND NOT invisible AND listed AND position IS NOT NULL AND cell IS NOT NULL;
