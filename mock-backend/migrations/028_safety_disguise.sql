-- Trust and safety: the repeated-first-message limit counts per sender only. A count of the same text over all senders
-- of a site refused honest members because others had written the same words (a common greeting, a popular opening
-- line); the per-sender count (safety_repeated_first_messages) and the link and phone rule for new accounts stay.
ALTER TABLE sites DROP COLUMN safety_repeated_first_messages_site;
