-- Sexual health (HIV status, PrEP, last test): special category data (GDPR art. 9). A row exists only while the member
-- has given his explicit consent (consent_at); withdrawing it deletes the row, and so does deleting the account.
-- Nothing here is ever used to search, filter or rank members; it is shown only as `visibility` allows.
CREATE TABLE sexual_health (
  user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  consent_at timestamptz NOT NULL,
  hiv_status text CHECK (hiv_status IN ('negative', 'positive', 'positive_undetectable', 'unknown')),
  on_prep boolean,
  last_test date,
  visibility text NOT NULL DEFAULT 'nobody' CHECK (visibility IN ('nobody', 'matches', 'everyone')),
  reminder text NOT NULL DEFAULT 'off' CHECK (reminder IN ('off', '3_months', '6_months', '12_months')),
  reminder_channel text NOT NULL DEFAULT 'mail' CHECK (reminder_channel IN ('mail', 'push')),
  next_reminder_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((reminder = 'off') = (next_reminder_at IS NULL))
);

-- The reminder job's look-up: only rows with a reminder due.
CREATE INDEX sexual_health_due ON sexual_health (next_reminder_at) WHERE next_reminder_at IS NOT NULL;
