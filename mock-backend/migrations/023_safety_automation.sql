-- Trust and safety, second part: careful automation with per-site thresholds, the automated hiding of a profile, the
-- warning to reporters whose reports keep being unfounded, and members' archives of their own data.

-- The thresholds of the automation, per site (docs/trust-and-safety.md says why each value):
--   safety_trusted_reporter_days    a reporter with a confirmed address counts for automation once his account is this
--                                   many days old (a buyer always counts);
--   safety_auto_hide_reports        distinct trusted reporters of fake/scam/spam that hide a profile until a moderator
--                                   decides;
--   safety_new_account_hours        an account younger than this cannot put a link or a phone number in a first message;
--   safety_repeated_first_messages  the same first-message text may start this many conversations per hour;
--   safety_unfounded_warn           unfounded reports (no violation, in 180 days) after which a reporter is warned;
--   safety_unfounded_deprioritise   ... after which his reports wait behind the others (when most of his are unfounded).
ALTER TABLE sites
  ADD COLUMN safety_trusted_reporter_days integer NOT NULL DEFAULT 7 CHECK (safety_trusted_reporter_days >= 0),
  ADD COLUMN safety_auto_hide_reports integer NOT NULL DEFAULT 3 CHECK (safety_auto_hide_reports >= 2),
  ADD COLUMN safety_new_account_hours integer NOT NULL DEFAULT 24 CHECK (safety_new_account_hours >= 0),
  ADD COLUMN safety_repeated_first_messages integer NOT NULL DEFAULT 5 CHECK (safety_repeated_first_messages >= 1),
  ADD COLUMN safety_unfounded_warn integer NOT NULL DEFAULT 5 CHECK (safety_unfounded_warn >= 1),
  ADD COLUMN safety_unfounded_deprioritise integer NOT NULL DEFAULT 10 CHECK (safety_unfounded_deprioritise >= 1);

-- `hide`: the automation's only measure, a profile out of search (profiles.hidden_until) until a moderator decides
-- about the member; `until` is 'infinity' while it stands and is set to the moment a moderator decides.
ALTER TABLE safety_decisions DROP CONSTRAINT safety_decisions_action_check;
ALTER TABLE safety_decisions
  ADD CONSTRAINT safety_decisions_action_check CHECK (action IN ('dismiss', 'remove_content', 'warn', 'restrict', 'suspend', 'ban', 'hide'));
-- Search hides the member while an automated hiding stands (recomputed with the other effects).
CREATE INDEX safety_decisions_hide ON safety_decisions (member_id) WHERE action = 'hide' AND reversed_at IS NULL;

-- When a reporter was warned that his reports keep being unfounded (once; his reports then wait behind others).
ALTER TABLE users ADD COLUMN safety_reporter_warned_at timestamptz;

-- A member's archive of his own data: asked for at most once a day, built by a job into the media store
-- (`exports/<key>.zip`), downloadable for 48 hours by him only (his session, or a statement token while suspended).
-- `key` names the archive in links; alone it opens nothing.
CREATE TABLE data_exports (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key char(32) NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
  -- Asked with this statement's token (a suspended member): the mailed link carries a fresh token of it.
  statement_id int REFERENCES safety_decisions(id) ON DELETE SET NULL,
  language text NOT NULL,
  object_key text,
  size_bytes bigint,
  requested_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_exports_user ON data_exports (user_id, requested_at DESC);
CREATE INDEX data_exports_pending ON data_exports (id) WHERE status = 'pending';
CREATE INDEX data_exports_stored ON data_exports (expires_at) WHERE object_key IS NOT NULL;
