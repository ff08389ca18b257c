-- A verification vouches only for the photos the moderator was shown beside the selfie (components/verification): the
-- member's approved photos at the moment he sent it, recorded with the request and shown in the moderators' queue. An
-- approval marks those of them still approved (photos.verified_by) and no other: a photo approved later, in the
-- ordinary photo queue, carries no badge — as his main photo it drops the badge — until a later verification shows it.
CREATE TABLE verification_request_photos (
  request_id int NOT NULL REFERENCES verification_requests(id) ON DELETE CASCADE,
  photo_id int NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  PRIMARY KEY (request_id, photo_id)
);
-- A photo's deletion finds its rows without a scan.
CREATE INDEX verification_request_photos_photo ON verification_request_photos (photo_id);

-- Selfies waiting now were sent before the photos were recorded: theirs are the member's approved photos that had been
-- approved when he sent it (a photo approved before moderation kept its time counts too).
INSERT INTO verification_request_photos (request_id, photo_id)
SELECT v.id, p.id
FROM verification_requests v
JOIN photos p ON p.user_id = v.user_id AND p.status = 'approved'
WHERE v.status = 'pending' AND (p.moderated_at IS NULL OR p.moderated_at <= v.submitted_at);
