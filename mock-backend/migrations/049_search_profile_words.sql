-- The search by the profile's own words (members.php `looking_for`, `tribes`): "any of" is array overlap (`&&`), which
-- a GIN index answers. Without it a rare choice (leather or sober, and right now) made the capped count read the
-- listed members one by one until 1,001 matched, or to the end (docs/benchmarks.md, "Search filters"); with it the
-- count and a page read the matching members only. Positions and heights need none: a position is one of six
-- values, a height range most members with a height, so the search's own indexes find enough of them quickly.
CREATE INDEX profiles_search_words ON profiles USING gin (looking_for, tribes)
  WHERE status = 'active' AND NOT invisible AND listed;
