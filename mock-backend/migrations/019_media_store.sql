-- The profile-photo sweep (components/photos/service.ts) asks, a page of stored objects at a time, which full
-- variants a photo row still names; without this index each page would read the whole table.
CREATE INDEX photos_filename ON photos (filename);
