-- OWASP device cookies against account lock-out. A login from a device that logged in to the account before
-- (a signed `device` cookie naming the account) is not blocked by failures from elsewhere; it has its own small budget.

-- Failed logins per device cookie (keyed by the sha256 of its nonce): capped like the account + IP pair.
CREATE TABLE login_device_throttle (
  device char(64) PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_device_throttle_user ON login_device_throttle (user_id);
CREATE INDEX login_device_throttle_updated ON login_device_throttle (updated_at);

-- Each device cookie carries the account's epoch; a password reset or change counts it up, so cookies issued before are
-- no longer trusted: whoever knew the old password (and collected device cookies with it) is throttled like any other
-- device afterwards.
ALTER TABLE users ADD COLUMN device_epoch integer NOT NULL DEFAULT 0;
