-- The credits ledger, purchase lots and spend reservations.
--
-- users.credits is the balance. Every change of it is one or more rows of credit_ledger written in the same
-- transaction, one row per lot touched, so at any moment, for every member:
--   users.credits = sum(credit_ledger.delta) = sum(credit_lots.remaining) >= 0.
-- Lots are what was granted or bought (free signup credits, promotional credits, paid bundles with the price paid
-- after discount). Spending takes free, then promotional, then paid lots oldest first: that decides what is refundable.
-- A spend is a reservation: held (the credits already left the lots), then posted (delivered) or voided (the credits go
-- back to the lots they came from). Held reservations past expires_at are voided by a job.

CREATE TABLE credit_lots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('free', 'promo', 'paid')),
  credits integer NOT NULL CHECK (credits > 0),
  remaining integer NOT NULL CHECK (remaining >= 0 AND remaining <= credits),
  -- What the member paid for the whole lot, in minor units of currency, after discount (0 for free/promo lots).
  amount_minor integer NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  currency char(3),
  payment_id text,
  bought_at timestamptz NOT NULL DEFAULT now(),
  refundable_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'paid' OR currency IS NOT NULL)
);
CREATE INDEX credit_lots_spendable ON credit_lots (user_id, bought_at, id) WHERE remaining > 0;
CREATE UNIQUE INDEX credit_lots_payment ON credit_lots (payment_id) WHERE payment_id IS NOT NULL;

CREATE TABLE credit_reservations (
  id uuid PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credits integer NOT NULL CHECK (credits > 0),
  reason text NOT NULL CHECK (reason ~ '^[a-z][a-z0-9_]{0,39}$'),
  ref text,
  idempotency_key text,
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'posted', 'voided')),
  expires_at timestamptz NOT NULL,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credit_reservations_key ON credit_reservations (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX credit_reservations_held ON credit_reservations (expires_at) WHERE status = 'held';
CREATE INDEX credit_reservations_user ON credit_reservations (user_id, created_at DESC);

ALTER TABLE credit_ledger
  ADD COLUMN lot_id bigint REFERENCES credit_lots(id) ON DELETE CASCADE,
  ADD COLUMN reservation_id uuid REFERENCES credit_reservations(id) ON DELETE CASCADE,
  ADD COLUMN ref text;
CREATE INDEX credit_ledger_lot ON credit_ledger (lot_id) WHERE lot_id IS NOT NULL;
CREATE INDEX credit_ledger_reservation ON credit_ledger (reservation_id) WHERE reservation_id IS NOT NULL;

-- Balances from before this migration become one promotional lot each, and the ledger is brought level with them,
-- so the invariant holds for existing members too.
INSERT INTO credit_ledger (user_id, delta, reason, balance_after)
SELECT u.id, u.credits - coalesce(l.total, 0), 'opening_balance', u.credits
FROM users u LEFT JOIN (SELECT user_id, sum(delta)::int AS total FROM credit_ledger GROUP BY user_id) l ON l.user_id = u.id
WHERE u.credits <> coalesce(l.total, 0);

INSERT INTO credit_lots (user_id, kind, credits, remaining, bought_at)
SELECT id, 'promo', credits, credits, signup_date FROM users WHERE credits > 0;

UPDATE credit_ledger g SET lot_id = l.id
FROM credit_lots l
WHERE g.user_id = l.user_id AND g.lot_id IS NULL;
