-- Trust and safety, third part: a report weighs what its reporter cannot fake cheaply (components/safety/report-weight.ts
-- holds the model and its numbers; docs/trust-and-safety.md says why each). It replaces the "trusted reporter" of
-- migration 023, which a throw-away account met by buying the cheapest bundle and refunding it.

-- The site's thresholds:
--   safety_hide_weight           the independent weight of open reports in a category that hides before review
--                                (`underage`) at or above which the profile leaves the search until a moderator looks;
--   safety_target_light_reports  reports from light reporters (little weight) about one member per hour that count;
--                                later ones that hour are stored and queued but count no weight.
-- The old thresholds go: fake/scam/spam no longer hides anything, and trust is no longer "old enough or paid once".
ALTER TABLE sites
  ADD COLUMN safety_hide_weight numeric(5, 2) NOT NULL DEFAULT 2.00 CHECK (safety_hide_weight >= 1),
  ADD COLUMN safety_target_light_reports integer NOT NULL DEFAULT 5 CHECK (safety_target_light_reports >= 0),
  DROP COLUMN safety_trusted_reporter_days,
  DROP COLUMN safety_auto_hide_reports;

-- What a report weighed when it was filed (its reporter's weight then; null for reports filed before this migration)
-- and whether it counts: false when the per-target limit stored it without weight.
ALTER TABLE safety_reports
  ADD COLUMN reporter_weight real,
  ADD COLUMN counted boolean NOT NULL DEFAULT true;
-- The per-target limit counts a member's reports of the last hour.
CREATE INDEX safety_reports_member_recent ON safety_reports (member_id, created_at);

-- The network an account signed up from (IPv4 /24, IPv6 /56: `203.0.113.0/24`), never the address itself: accounts
-- made from one network are linked, and linked reporters count as one. Cleared by the purge.
ALTER TABLE users ADD COLUMN signup_network text;
CREATE INDEX users_signup_network ON users (signup_network) WHERE signup_network IS NOT NULL;

-- Accounts used in one browser: a password login that presents the device cookie (migration 008) of another account
-- links the two (user_id < other_id). Linked reporters count as one.
CREATE TABLE account_device_links (
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  other_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, other_id),
  CHECK (user_id < other_id)
);
CREATE INDEX account_device_links_other ON account_device_links (other_id);
