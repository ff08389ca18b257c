-- Several backend instances on one database: the transactional mail outbox, rate-limit counters shared by all
-- instances, and idempotency keys. Jobs live in pg-boss's own schema (created by pg-boss at start).

-- Every mail is a row written in the transaction of the change that causes it; the mail job sends it.
-- pending → sent, or → failed after MAIL_MAX_ATTEMPTS with the last error kept. A claim is a lease (claimed_until):
-- an instance that dies while sending leaves the row to be claimed again once the lease has run out.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic text NOT NULL,
  ref text,
  to_address text NOT NULL,
  from_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX mail_outbox_ref ON mail_outbox (ref) WHERE ref IS NOT NULL;

-- Whether support was mailed is now the outbox row of the complaint (ref 'complaint:<id>').
ALTER TABLE complaints DROP COLUMN mailed_at;

-- rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres): one row per limiter key, expire in epoch ms.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- draft-ietf-httpapi-idempotency-key-header: one row per (scope, key). status IS NULL while the first request is in
-- flight (leased until locked_until); afterwards the stored answer is replayed until expires_at.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  operation text NOT NULL,
  fingerprint text NOT NULL,
  status int,
  response_body jsonb,
  locked_until timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at);
