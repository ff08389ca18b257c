-- Verified members: a member asks, the site picks a pose, he sends a selfie in it, a moderator compares it with his
-- approved photos and approves or refuses (components/verification). One row per request; the row is the decision's
-- audit record (who decided, when, why) and stays after the selfie's file is deleted.
CREATE TABLE verification_requests (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  pose text NOT NULL CHECK (pose IN ('peace', 'thumb_up', 'open_hand', 'turn_left', 'turn_right')),
  -- 'posed': the pose is shown, no selfie yet; 'pending': the selfie waits for a moderator.
  status text NOT NULL DEFAULT 'posed' CHECK (status IN ('posed', 'pending', 'approved', 'refused')),
  -- The selfie's full variant (verify/<xx>/<random>-full.jpg; the thumb is -thumb.jpg beside it). Null before the
  -- upload and once the retention purge deleted the files (selfie_deleted_at).
  selfie text,
  submitted_at timestamptz,
  reason text CHECK (reason IN ('pose_wrong', 'face_not_visible', 'not_same_person', 'photo_of_photo')),
  moderator_id int REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  selfie_deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'refused') = (reason IS NOT NULL)),
  CHECK ((status IN ('approved', 'refused')) = (decided_at IS NOT NULL)),
  CHECK (status = 'posed' OR submitted_at IS NOT NULL)
);
-- At most one open request per member (asked again, the open one is answered).
CREATE UNIQUE INDEX verification_requests_one_open ON verification_requests (user_id) WHERE status IN ('posed', 'pending');
-- The moderators' queue: pending requests of a site, oldest first.
CREATE INDEX verification_requests_queue ON verification_requests (site_id, submitted_at, id) WHERE status = 'pending';
CREATE INDEX verification_requests_member ON verification_requests (user_id, id);
-- The retention purge: decided requests whose selfie is still stored.
CREATE INDEX verification_requests_purge ON verification_requests (decided_at) WHERE selfie IS NOT NULL AND decided_at IS NOT NULL;

-- The approved request that matched this photo with a selfie. A member is verified while his main (approved) photo is
-- one a moderator matched: a new main photo that no moderator matched drops the badge, whatever way it became main
-- (set as main, the main one deleted or removed by moderation), and the badge needs no state of its own. Read with the
-- main photo the summaries already join (photos_one_main).
ALTER TABLE photos ADD COLUMN verified_by int REFERENCES verification_requests(id) ON DELETE SET NULL;
