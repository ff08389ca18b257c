-- member_events.kind 'verification': a moderator decided the member's verification selfie ({ status: approved |
-- refused }), so his open pages show the badge, or the refusal and the way to try again, without a reload
-- (lib/live-events.ts). Recorded in the decision's transaction, so a decision that rolls back tells nobody.
ALTER TABLE member_events DROP CONSTRAINT member_events_kind_check;
ALTER TABLE member_events ADD CONSTRAINT member_events_kind_check
  CHECK (kind IN ('like', 'match', 'balance', 'photo', 'conversation_removed', 'message_removed', 'verification'));
