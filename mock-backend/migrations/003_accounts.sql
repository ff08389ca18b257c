-- Accounts: mailed single-use tokens, reset-mail quota, signup tracking, e-mail notification kinds,
-- per-account login throttle, signup messages that wait for activation, deletion reasons.

CREATE TABLE account_tokens (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash char(64) NOT NULL UNIQUE, -- sha256 (hex) of the mailed token; the token itself is never stored
  purpose text NOT NULL CHECK (purpose IN ('activate', 'reset_password', 'mail_change', 'reactivate')),
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  new_email text, -- mail_change only
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- Reset mails asked per address and day, counted for every address (known or not) so the cap reveals nothing.
CREATE TABLE reset_requests (
  site_id int NOT NULL REFERENCES sites(id),
  email text NOT NULL,
  day date NOT NULL,
  requests integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, email, day)
);

-- Failed logins per account (all IPs together): capped exponential back-off.
CREATE TABLE login_account_throttle (
  site_id int NOT NULL REFERENCES sites(id),
  email text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  lock_level integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, email)
);

-- Failed logins per IP (all accounts together).
CREATE TABLE login_ip_throttle (
  ip text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE users
  ADD COLUMN mail_off text[] NOT NULL DEFAULT '{}', -- e-mail notification kinds the member switched off
  ADD COLUMN tracking jsonb NOT NULL DEFAULT '{}', -- network, ref, sub1..sub3 of the signup visit
  ADD COLUMN delete_reasons text[] NOT NULL DEFAULT '{}',
  ADD COLUMN delete_comment text NOT NULL DEFAULT '',
  ADD COLUMN status_before_delete text,
  ADD COLUMN purged_at timestamptz;
CREATE INDEX users_deleted ON users (deleted_at) WHERE deleted_at IS NOT NULL AND purged_at IS NULL;

-- A message written before the account existed (members/{id}/signup): delivered when the account is activated.
CREATE TABLE signup_messages (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recipient_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body text NOT NULL,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signup_messages_user ON signup_messages (user_id) WHERE delivered_at IS NULL;
