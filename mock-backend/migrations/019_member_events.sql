-- What else changes for a member while his pages are open, in the same order as the chat's events: a like or a match,
-- his credit balance after a payment settled or a refund went out, a photo approved or refused by moderation, a
-- conversation he removed (his other tabs and devices follow). One row per member and event; the number is drawn
-- from chat_event_seq under the same advisory lock as messages and read markers, so one Last-Event-ID resumes all of
-- them. Old rows are removed by the cleanup job (a stream resumes within minutes, not days).
CREATE TABLE member_events (
  seq bigint PRIMARY KEY DEFAULT nextval('chat_event_seq'),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('like', 'match', 'balance', 'photo', 'conversation_removed')),
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_events_user_seq ON member_events (user_id, seq);
CREATE INDEX member_events_created ON member_events (created_at);
