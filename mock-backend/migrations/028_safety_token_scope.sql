-- Each token opens one thing. A statement token's scope: 'statement' (the statement mail's: reads the statement and
-- appeals it, nothing else) or 'suspended' (the refused login's, after the right password or a sign-in link: also the
-- refund of unused credits and the data export, for a few hours, and only while the password it was issued under is
-- unchanged). Tokens issued before this migration keep the narrow scope.
ALTER TABLE safety_statement_tokens
  ADD COLUMN scope text NOT NULL DEFAULT 'statement' CHECK (scope IN ('statement', 'suspended')),
  ADD COLUMN password_epoch int,
  ADD COLUMN expires_at timestamptz,
  ADD CONSTRAINT safety_statement_tokens_suspended_bounded
    CHECK (scope = 'statement' OR (password_epoch IS NOT NULL AND expires_at IS NOT NULL));

-- The download link of an archive asked for while suspended (no session) carries a token of its own: it opens that
-- archive only, for its hours, and only while the password it was issued under is unchanged.
ALTER TABLE data_exports
  ADD COLUMN download_token_hash char(64),
  ADD COLUMN password_epoch int;
