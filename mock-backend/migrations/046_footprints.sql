-- Footprints: who opened a member's profile. One row per viewer and viewed member, its time moved on each visit (a
-- repeated visit within a few minutes writes nothing). Rows older than 30 days are deleted by the cleanup job and
-- never read: the list is about recent interest, and what is not needed is not kept.
CREATE TABLE footprints (
  viewed_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  viewer_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_viewed_at timestamptz NOT NULL DEFAULT now(),
  -- When the viewed member last saw this visit in his list; null while it is new.
  seen_at timestamptz,
  PRIMARY KEY (viewed_id, viewer_id),
  CHECK (viewed_id <> viewer_id)
);

-- The member's list, newest first (keyset paging on last_viewed_at, viewer_id).
CREATE INDEX footprints_newest ON footprints (viewed_id, last_viewed_at DESC, viewer_id DESC);
-- The expiry's sweep and the viewer's own rows (data export).
CREATE INDEX footprints_viewer ON footprints (viewer_id);
CREATE INDEX footprints_expiry ON footprints (last_viewed_at);

-- Footprints on or off per member: off, he leaves none and sees none.
ALTER TABLE profiles ADD COLUMN footprints_enabled boolean NOT NULL DEFAULT true;
