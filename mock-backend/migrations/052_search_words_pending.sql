-- The GIN index of the profile's own words (049) without its pending list. With `fastupdate` on, GIN's default, new
-- entries wait in an unsorted list until it passes gin_pending_list_limit (4 MB) or a VACUUM flushes it, and every
-- search through the index reads that whole list: PGlite runs no VACUUM, nor does a PostgreSQL server with autovacuum
-- off, and each update of a member's last activity writes his entries again. At 100,000 members the list held 37,000
-- entries (313 pages) after the fill, and the rare words' capped count took 6.9 ms instead of 1.7 (docs/benchmarks.md,
-- "Search filters"). Off, a write puts its few entries in the index's trees at once; the list there now is flushed.
ALTER INDEX profiles_search_words SET (fastupdate = off);
SELECT gin_clean_pending_list('profiles_search_words'::regclass);
