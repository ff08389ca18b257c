-- Members who came over from the PHP service the site moves off: learnt on first sight (the member asking through
-- the BFF's identity bridge, or one he looks at, likes or writes to) or loaded by the bulk import. Their PHP id is
-- their id here, so links, likes and conversations keep working on both backends.
--   origin            'local' (signed up here) or 'legacy' (came from the PHP service)
--   legacy_synced_at  when his data last came from the PHP service (learnt, refreshed or imported); null if local
--   password_hash ''  a legacy member who has not logged in here yet: his first login checks the password once with
--                     the PHP service, then stores an Argon2id hash here (a local member has one until purged)
-- A member learnt from another member's view has no known address yet: his e-mail is a placeholder under the
-- reserved `.invalid` domain (never mailed) until he is learnt as himself or imported.
ALTER TABLE users
  ADD COLUMN origin text NOT NULL DEFAULT 'local' CHECK (origin IN ('local', 'legacy')),
  ADD COLUMN legacy_synced_at timestamptz,
  ADD CONSTRAINT users_password_known CHECK (password_hash <> '' OR origin = 'legacy' OR status = 'deleted');
