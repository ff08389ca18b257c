-- 'Send a new code' on a direct-debit mandate awaiting its SMS code: how many new codes it has had (a new code voids
-- the old one and gives five tries again; a mandate gets at most DIRECT_DEBIT_RESENDS of them).
ALTER TABLE direct_debit_mandates ADD COLUMN code_resends int NOT NULL DEFAULT 0;
