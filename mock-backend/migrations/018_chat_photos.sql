-- Issue 12 (photo messages): the media route asks "may this member see this chat photo?" by the stored file name,
-- on every request of a chat photo. Files live under DATA_DIR/media/chat/ (full and thumb variants, no metadata).
CREATE INDEX messages_photo_filename ON messages (photo_filename) WHERE photo_filename IS NOT NULL;
