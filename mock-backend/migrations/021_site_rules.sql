-- New conversations a premium member may start per UTC day; NULL: no daily cap (free members are bounded by their
-- two conversations in all).
ALTER TABLE sites ADD COLUMN premium_conversations_per_day integer CHECK (premium_conversations_per_day > 0);
-- member_resell: the site offers premium members the one-step repeat of their last order; the demo site does.
UPDATE sites SET member_resell = true WHERE is_default;
