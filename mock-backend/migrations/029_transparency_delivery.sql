-- Statements of reasons delivered to the EU's DSA Transparency Database (components/safety/transparency-delivery.ts).
--
-- safety_decisions.category / category_specification: the database's category (STATEMENT_CATEGORY_…) and keyword
--   (KEYWORD_…) the moderator chose; null on decisions made before they were asked (and on the automation's), which
--   are filed under their rule's category of today.
-- safety_tdb_deliveries: one row per statement the database accepted (or already held under its PUID): a statement is
--   sent once; a failed batch leaves no row and is sent again by the next pass.
-- safety_tdb_withdrawals: a decision reversed after its statement was delivered. The database's API takes statements
--   and reads them back but offers no withdrawal or deletion, so the record lists what the provider must ask the
--   Commission to withdraw, with the PUID it was filed under.
ALTER TABLE safety_decisions
  ADD COLUMN category text,
  ADD COLUMN category_specification text;

CREATE TABLE safety_tdb_deliveries (
  decision_id int PRIMARY KEY REFERENCES safety_decisions (id) ON DELETE CASCADE,
  puid text NOT NULL UNIQUE,
  -- The database's id of the statement (null when it already held the PUID from an earlier, unanswered attempt).
  tdb_uuid text,
  delivered_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE safety_tdb_withdrawals (
  decision_id int PRIMARY KEY REFERENCES safety_tdb_deliveries (decision_id) ON DELETE CASCADE,
  reversed_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
