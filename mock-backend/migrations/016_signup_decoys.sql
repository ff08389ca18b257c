-- A signup with an address that already has an account gets an account of its own, exactly like a
-- new address does, so that nothing that session can do afterwards tells the two apart. Such a decoy account holds a
-- never-deliverable address of the reserved .invalid domain in `email` (so no lookup by address, no login and no mail
-- ever reaches it) and the address its creator typed in `shown_email`, which only its own session ever sees.
ALTER TABLE users ADD COLUMN shown_email text;
