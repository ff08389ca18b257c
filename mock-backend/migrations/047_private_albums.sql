-- Private albums: a member marks some of his photos private; they are moderated like the others but shown only to
-- the members he shared his album with (album_shares), never in public lists, cards or as the main photo.
ALTER TABLE photos
  ADD COLUMN private boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT photos_private_not_main CHECK (NOT (private AND is_main));

CREATE TABLE album_shares (
  owner_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  viewer_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, viewer_id),
  CHECK (owner_id <> viewer_id)
);
CREATE INDEX album_shares_viewer ON album_shares (viewer_id, owner_id);
