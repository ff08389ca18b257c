-- Photo moderation: members can be moderators; a moderator approves or rejects pending photos.

ALTER TABLE users
  ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator'));

-- Who decided about a photo and when (set on approval; a rejected photo is deleted with its files).
ALTER TABLE photos
  ADD COLUMN moderated_by int REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN moderated_at timestamptz;

-- The moderation queue reads pending photos oldest first (upload order = id order) and pages by id: this partial
-- index holds only the queue, so it stays small however many photos are approved.
CREATE INDEX photos_pending_queue ON photos (id) WHERE status = 'pending';
-- Deleting a moderator's account sets moderated_by to NULL without scanning every photo.
CREATE INDEX photos_moderated_by ON photos (moderated_by) WHERE moderated_by IS NOT NULL;
