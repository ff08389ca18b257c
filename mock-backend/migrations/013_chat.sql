-- Chat in real time. The tables are the truth; the event bus only says "look".
--
-- One sequence orders every chat event a stream can replay: a delivered message (messages.seq) and a moved read
-- marker (conversation_members.read_event_seq). Writers take the advisory transaction lock CHAT_EVENT_LOCK before
-- they draw a number, so numbers become visible in the order they were drawn and a stream that resumes after
-- `Last-Event-ID: n` (every event with a number above n) can never skip one that commits late.
CREATE SEQUENCE chat_event_seq;

ALTER TABLE messages
  ADD COLUMN seq bigint NOT NULL DEFAULT nextval('chat_event_seq'),
  ADD COLUMN kind text NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'gift', 'photo')),
  -- Sent by a member whose e-mail address is not confirmed yet: stored, not delivered, not charged.
  -- Activation delivers it (with a new seq).
  ADD COLUMN held boolean NOT NULL DEFAULT false,
  -- One of the free messages of a free member (counted for the free allowance).
  ADD COLUMN free boolean NOT NULL DEFAULT false,
  ADD COLUMN gift_key text,
  -- Photo messages: the stored file under DATA_DIR/media/chat (served through signed URLs to the two members only).
  ADD COLUMN photo_filename text,
  ADD CONSTRAINT messages_gift_has_key CHECK (kind <> 'gift' OR gift_key IS NOT NULL),
  ADD CONSTRAINT messages_photo_has_file CHECK (kind <> 'photo' OR photo_filename IS NOT NULL);
CREATE UNIQUE INDEX messages_seq ON messages (seq);
CREATE INDEX messages_conversation_seq ON messages (conversation_id, seq DESC);
CREATE INDEX messages_sender_held ON messages (sender_id) WHERE held;
CREATE INDEX messages_sender_free ON messages (sender_id) WHERE free;

-- Who wrote first: free members start at most FREE_CONVERSATION_LIMIT conversations.
ALTER TABLE conversations ADD COLUMN started_by int REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX conversations_started_by ON conversations (started_by, created_at DESC);

-- The read marker: the seq of the last message the member has seen. Unread = messages of the other member with a
-- higher seq. cleared_seq: messages up to it are gone from the member's view (he removed the chat).
ALTER TABLE conversation_members
  ADD COLUMN read_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN read_event_seq bigint,
  ADD COLUMN cleared_seq bigint NOT NULL DEFAULT 0;
CREATE INDEX conversation_members_read_event ON conversation_members (read_event_seq) WHERE read_event_seq IS NOT NULL;

-- Rows written before this migration: everything counts as read except what unread_count said.
UPDATE conversation_members cm SET read_seq = coalesce((
  SELECT m.seq FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.sender_id <> cm.user_id
  ORDER BY m.seq DESC OFFSET cm.unread_count LIMIT 1), 0);
