-- Sign-in links by e-mail (OWASP's answer to lock-out by strangers): a member whose untrusted devices are locked by
-- someone else's wrong passwords asks for a single-use link that logs him in on that device.

ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('activate', 'reset_password', 'mail_change', 'reactivate', 'login_link'));

-- Asked-for links, known address or not: the request writes only this row, so its answer and its work are the same for
-- every address; the mail pass (background.ts) turns each row into a link mail when the address has an active account,
-- and deletes it in the same transaction (no address is kept once handled).
CREATE TABLE login_link_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  email text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
