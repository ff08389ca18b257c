-- The open event streams of every instance, so the per-member cap holds across instances: opening one beyond the cap
-- removes the oldest rows and tells their instances (a bus signal) to close those streams with a reason event.
CREATE TABLE event_streams (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY, -- opening order (the oldest go first)
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_streams_user ON event_streams (user_id, seq);
