-- Trust and safety: the repeated-first-message throttle also counts the same text across all senders of a site.
--   safety_repeated_first_messages_site  the same first-message text (normalised) may start this many conversations
--                                        per hour from all senders of the site together (docs/trust-and-safety.md).
ALTER TABLE sites
  ADD COLUMN safety_repeated_first_messages_site integer NOT NULL DEFAULT 10 CHECK (safety_repeated_first_messages_site >= 1);
