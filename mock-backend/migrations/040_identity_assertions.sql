-- The identity bridge's assertions this backend has accepted, by their `jti`, until they expire: each is accepted once,
-- so a copied assertion (from a log, a proxy, a replayed request) is worth nothing even within its 30 s. Shared by every
-- instance on the database; unlogged like the rate-limit counters (worthless after a crash, and PostgreSQL empties it
-- then: an assertion lives seconds). The cleanup job removes expired rows.
CREATE UNLOGGED TABLE seen_assertions (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX seen_assertions_expiry ON seen_assertions (expires_at);
