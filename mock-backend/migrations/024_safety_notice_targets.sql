-- Trust and safety, notices in the moderation console: a notice names the member its content URL belongs to (a
-- profile, one of his photos, a photo he sent in a chat), resolved when it is filed, so it joins that member's case in
-- the report queue. A notice whose URL names nobody stays an item of its own until a moderator assigns it to a member
-- (with a URL that does name one) or dismisses it.
ALTER TABLE safety_notices
  ADD COLUMN member_id int REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN target_kind text CHECK (target_kind IN ('profile', 'photo', 'message')),
  -- The member's id for a profile, else the photo's or the message's id.
  ADD COLUMN target_id int,
  -- The decision that handled it (null for a notice dismissed without a member), who and when.
  ADD COLUMN decision_id int REFERENCES safety_decisions(id) ON DELETE SET NULL,
  ADD COLUMN decided_by int REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN decided_at timestamptz,
  ADD CONSTRAINT safety_notices_target CHECK ((member_id IS NULL) OR (target_kind IS NOT NULL AND target_id IS NOT NULL));
-- The queue: open notices per member, next to his open reports.
CREATE INDEX safety_notices_member ON safety_notices (member_id, id) WHERE status = 'open' AND member_id IS NOT NULL;
