-- Photo messages in the chat: the media route asks "may this member see this chat photo?" by the stored file name,
-- on every request of a chat photo. Files live under DATA_DIR/media/chat/ (full and thumb variants, no metadata).
CREATE INDEX messages_photo_filename ON messages (photo_filename) WHERE photo_filename IS NOT NULL;

-- Chat throughput: the event stream reads "the member's conversations" (conversation_members by user_id, deleted or
-- not: a removed chat still delivers what comes after) on every look; the index of 001 is partial (deleted_at IS
-- NULL), so that read scanned the table.
CREATE INDEX conversation_members_user_all ON conversation_members (user_id, conversation_id);
