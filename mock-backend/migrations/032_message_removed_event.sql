-- member_events.kind 'message_removed': moderation removed a message (a text or a photo message) of a conversation the
-- member is part of ({ conversation, message, removed_at }), so both members' open conversations show the removed
-- message's placeholder at once instead of its text or photo (lib/live-events.ts). Recorded in the decision's
-- transaction, so a decision that rolls back tells nobody.
ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check
  CHECK (kind IN ('like', 'match', 'balance', 'photo', 'conversation_removed', 'message_removed'));
