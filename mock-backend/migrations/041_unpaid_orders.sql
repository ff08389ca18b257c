-- Unpaid orders end: an open payment has a deadline (expires_at; its rule per way of paying is in
-- components/payments/deadlines.ts), after which the follow-up job asks the provider and cancels or expires it; a
-- payment pending at the bank says since when (pending_since), for its expected date.
ALTER TABLE payments ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '1 hour';
ALTER TABLE payments ADD COLUMN pending_since timestamptz;
UPDATE payments SET expires_at = created_at + CASE method WHEN 'banktransfer' THEN interval '16 days' ELSE interval '1 hour' END;
UPDATE payments SET pending_since = updated_at WHERE status = 'pending';
CREATE INDEX payments_open_deadline ON payments (expires_at) WHERE status = 'open';

-- A discount is spent only by a payment that completes: while its payment is open or pending the use only reserves
-- it (reserved), so two checkouts cannot both take a once-per-member code, and a payment that does not complete
-- gives it back (its row is deleted).
ALTER TABLE discount_code_uses ADD COLUMN reserved boolean NOT NULL DEFAULT false;
UPDATE discount_code_uses u SET reserved = true FROM payments p WHERE p.id = u.payment_id AND p.status IN ('open', 'pending');
CREATE INDEX discount_code_uses_payment ON discount_code_uses (payment_id) WHERE payment_id IS NOT NULL;
