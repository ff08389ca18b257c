-- Rate-limit counters are written on every limited request (every chat send among them) and are worth nothing after
-- a crash: an unlogged table writes no WAL, so its autocommitted increments wait for no WAL flush. PostgreSQL empties
-- it after a crash (not after a clean restart), which gives every limited client a fresh window once.
ALTER TABLE rate_limits SET UNLOGGED;

-- raise_error(sqlstate, message): raises an error from inside a statement, so a statement can refuse its whole
-- transaction in SQL (the idempotency answer sent with the COMMIT raises when another answer of its key won, and
-- PostgreSQL then answers the COMMIT with ROLLBACK). Volatile: evaluated only where a row reaches it.
CREATE FUNCTION raise_error(state text, message text) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = state, MESSAGE = message;
END
$$;
