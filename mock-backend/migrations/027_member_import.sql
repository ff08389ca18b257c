-- The bulk import of members and their history from the PHP service (components/member-transfer).
--
-- import_runs: one row per run of `npm run migrate:import` over a directory. Every batch commits together with the
-- run's checkpoint (the kind and the last line of its file that batch reached), so a run that was killed continues
-- after its last committed batch when it is started again on the same files (same fingerprint). A finished run is
-- not resumed: the next run reads everything again and its upserts change nothing.
CREATE TABLE import_runs (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- sha256 (hex) of the directory's files (names, sizes and contents): the same files resume the same run.
  fingerprint char(64) NOT NULL,
  kind text,
  line integer NOT NULL DEFAULT 0,
  imported integer NOT NULL DEFAULT 0,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_runs_open ON import_runs (fingerprint) WHERE finished_at IS NULL;

-- Records a run refused, written in the transaction of their batch: the report of a resumed run still names them.
CREATE TABLE import_refusals (
  run_id int NOT NULL REFERENCES import_runs(id) ON DELETE CASCADE,
  file text NOT NULL,
  line integer NOT NULL,
  kind text NOT NULL,
  record_id text,
  reason text NOT NULL,
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, file, line)
);

-- The id a row has on the side that first wrote it: the PHP service's id ('123'), or for a row the new backend wrote
-- and the export handed back ('new:45'). Upserts of the import find a row again by it; null on rows of this backend.
-- Members need none: a PHP member's id is his id here.
ALTER TABLE photos ADD COLUMN legacy_key text;
CREATE UNIQUE INDEX photos_legacy_key ON photos (legacy_key) WHERE legacy_key IS NOT NULL;
ALTER TABLE conversations ADD COLUMN legacy_key text;
CREATE UNIQUE INDEX conversations_legacy_key ON conversations (legacy_key) WHERE legacy_key IS NOT NULL;
ALTER TABLE messages ADD COLUMN legacy_key text;
CREATE UNIQUE INDEX messages_legacy_key ON messages (legacy_key) WHERE legacy_key IS NOT NULL;
ALTER TABLE credit_ledger ADD COLUMN legacy_key text;
CREATE UNIQUE INDEX credit_ledger_legacy_key ON credit_ledger (legacy_key) WHERE legacy_key IS NOT NULL;
ALTER TABLE credit_lots ADD COLUMN legacy_key text;
CREATE UNIQUE INDEX credit_lots_legacy_key ON credit_lots (legacy_key) WHERE legacy_key IS NOT NULL;
