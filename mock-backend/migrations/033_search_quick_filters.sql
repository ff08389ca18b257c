-- The search's "new members" quick filter (members.php `new=true`: signed up in the last 30 days) reads the site's
-- recent signups as one range of this index and hashes them once per search, instead of probing users for every
-- candidate row: new members are few, so a scan of the search index in activity order could otherwise read every
-- profile before it found a page of them. The other quick filters need no index of their own: `online` is a range of
-- the search indexes' last-activity column, `with_photo` one probe of photos_one_main per candidate row.
CREATE INDEX users_signup ON users (site_id, signup_date);
