-- Trust and safety: members' reports and visitors' notices of illegal content, moderators' decisions with their
-- statements of reasons, appeals, and the effects of a restriction, suspension or ban.

-- The effects, derived from the decisions that stand (components/safety/effects.ts recomputes them in the decision's
-- transaction): until when a member is suspended ('infinity' for a ban: no login, out of search, likes, the grid and
-- the swipe game) and until when he is restricted (out of search, starts no new conversation). Time-based, so an
-- effect ends by itself without a job.
ALTER TABLE users
  ADD COLUMN suspended_until timestamptz,
  ADD COLUMN restricted_until timestamptz;
-- Search reads profiles alone: the later of the two, copied here in the same transaction.
ALTER TABLE profiles ADD COLUMN hidden_until timestamptz;

-- Removal is a soft delete, so an appeal that reverses it can restore the content: a removed message keeps its row
-- (its text moves into the decision) and shows as removed.
ALTER TABLE messages ADD COLUMN removed_at timestamptz;

CREATE TABLE safety_reports (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  reporter_id int REFERENCES users(id) ON DELETE SET NULL,
  member_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_kind text NOT NULL CHECK (target_kind IN ('profile', 'message', 'photo')),
  -- The member's id for a profile, else the message's or the photo's id.
  target_id int NOT NULL,
  reason text NOT NULL CHECK (reason IN ('fake_scam_spam', 'harassment_hate', 'unwanted_sexual', 'underage', 'illegal', 'other')),
  details text NOT NULL DEFAULT '' CHECK (length(details) <= 2000),
  -- What the reporter saw when he filed: the message with up to 3 before and after it (a block removes the chat).
  evidence jsonb NOT NULL DEFAULT '{}',
  language text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'action_taken', 'no_violation')),
  decision_id int,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One open report per reporter and target: a repeat finds this one.
CREATE UNIQUE INDEX safety_reports_one_open ON safety_reports (reporter_id, target_kind, target_id) WHERE status = 'open';
-- The queue: open reports per reported member, oldest first.
CREATE INDEX safety_reports_queue ON safety_reports (site_id, id) WHERE status = 'open';
CREATE INDEX safety_reports_member ON safety_reports (member_id, id);
CREATE INDEX safety_reports_reporter ON safety_reports (reporter_id, id) WHERE reporter_id IS NOT NULL;

-- Notices of illegal content from anyone (also visitors): who, which content, why, and the good-faith statement.
CREATE TABLE safety_notices (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  content_url text NOT NULL CHECK (length(content_url) BETWEEN 1 AND 2000),
  explanation text NOT NULL CHECK (length(explanation) BETWEEN 1 AND 4000),
  good_faith boolean NOT NULL CHECK (good_faith),
  language text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX safety_notices_queue ON safety_notices (site_id, id) WHERE status = 'open';

-- A moderator's decision; every one but a dismissal is also the statement of reasons the member reads and gets mailed.
CREATE TABLE safety_decisions (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  member_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  moderator_id int REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('dismiss', 'remove_content', 'warn', 'restrict', 'suspend', 'ban')),
  content_kind text CHECK (content_kind IN ('photo', 'message', 'profile_text')),
  content_id int,
  -- What a removal took away (a message's or profile's text), to restore it when an appeal reverses the decision.
  removed jsonb,
  days int CHECK (days BETWEEN 1 AND 365),
  until timestamptz,
  rule text NOT NULL CHECK (rule IN ('fake_scam_spam', 'harassment_hate', 'unwanted_sexual', 'underage', 'illegal', 'other')),
  facts text NOT NULL CHECK (length(facts) BETWEEN 1 AND 2000),
  source text NOT NULL CHECK (source IN ('report', 'notice', 'own_initiative')),
  automated boolean NOT NULL DEFAULT false,
  reversed_at timestamptz,
  reversed_by int REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((action IN ('restrict', 'suspend')) = (days IS NOT NULL)),
  CHECK ((action = 'remove_content') = (content_kind IS NOT NULL))
);
CREATE INDEX safety_decisions_member ON safety_decisions (member_id, id);
CREATE INDEX safety_decisions_moderator ON safety_decisions (moderator_id) WHERE moderator_id IS NOT NULL;

-- Tokens (sha256 hex) that read one statement and appeal it without a session, for a member who cannot log in: one
-- in the statement mail, a new one in each refused login of a suspended account (after the right password).
CREATE TABLE safety_statement_tokens (
  token_hash char(64) PRIMARY KEY,
  decision_id int NOT NULL REFERENCES safety_decisions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX safety_statement_tokens_decision ON safety_statement_tokens (decision_id);

-- Appeals against a decision (by the affected member or a reporter), decided by another moderator.
CREATE TABLE safety_appeals (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  decision_id int NOT NULL REFERENCES safety_decisions(id) ON DELETE CASCADE,
  appellant_id int REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('member', 'reporter')),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
  language text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'reversed')),
  decided_by int REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  explanation text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (decision_id, role, appellant_id)
);
CREATE INDEX safety_appeals_queue ON safety_appeals (id) WHERE status = 'open';

-- Normalised addresses of banned accounts (sha256 hex): a signup with one answers as usual but creates a decoy.
CREATE TABLE safety_banned_addresses (
  site_id int NOT NULL REFERENCES sites(id),
  address_hash char(64) NOT NULL,
  decision_id int NOT NULL REFERENCES safety_decisions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, address_hash, decision_id)
);
