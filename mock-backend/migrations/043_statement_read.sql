-- A member learns of a decision about him on the site, not only by mail: every page of his shows a notice linking to
-- the newest statement of reasons he has not opened yet (GET user.php `unread_statement`), until he opens it with his
-- session (GET statement.php marks it read). A dismissal has no statement and is never shown.
ALTER TABLE safety_decisions ADD COLUMN read_at timestamptz;

-- Statements made before the site showed them were mailed, and their members may never open them here: they count as
-- read, so nobody is greeted by a notice about an old decision.
UPDATE safety_decisions SET read_at = created_at WHERE action <> 'dismiss';

-- The member's unread statements, found without a scan on every page of his.
CREATE INDEX safety_decisions_unread ON safety_decisions (member_id, id DESC)
  WHERE read_at IS NULL AND action <> 'dismiss' AND reversed_at IS NULL;

-- member_events.kind 'statement': a decision with a statement of reasons about the member ({ statement, action }), so
-- his open pages show the notice without a reload (lib/live-events.ts). Recorded in the decision's transaction.
ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check
  CHECK (kind IN ('like', 'match', 'balance', 'photo', 'conversation_removed', 'message_removed', 'verification', 'statement'));
