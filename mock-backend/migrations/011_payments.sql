-- Credit bundles, payments through one provider interface, the webhook inbox, refunds,
-- discount-code redemptions per payment, and direct debit (mandates with an SMS code, limits, blocks).

-- Bundles per site (NULL = every site without its own) and currency; the member's country decides the currency.
CREATE TABLE credit_packages (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int REFERENCES sites(id) ON DELETE CASCADE,
  currency char(3) NOT NULL,
  credits integer NOT NULL CHECK (credits > 0),
  price_minor integer NOT NULL CHECK (price_minor > 0),
  position smallint NOT NULL DEFAULT 0,
  popular boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credit_packages_unique ON credit_packages (coalesce(site_id, 0), currency, credits);

INSERT INTO credit_packages (currency, credits, price_minor, position, popular)
SELECT p.currency, b.credits, p.price, b.position, b.position = 2
FROM (VALUES (1, 100), (2, 250), (3, 500), (4, 1000)) AS b(position, credits)
JOIN (VALUES
  ('EUR', 1, 1999), ('EUR', 2, 4499), ('EUR', 3, 7999), ('EUR', 4, 13999),
  ('GBP', 1, 1799), ('GBP', 2, 3999), ('GBP', 3, 6999), ('GBP', 4, 11999),
  ('CHF', 1, 1990), ('CHF', 2, 4490), ('CHF', 3, 7990), ('CHF', 4, 13990),
  ('PLN', 1, 8999), ('PLN', 2, 19999), ('PLN', 3, 34999), ('PLN', 4, 59999),
  ('SEK', 1, 21900), ('SEK', 2, 49900), ('SEK', 3, 87900), ('SEK', 4, 149900),
  ('NOK', 1, 22900), ('NOK', 2, 51900), ('NOK', 3, 89900), ('NOK', 4, 154900),
  ('DKK', 1, 14900), ('DKK', 2, 33900), ('DKK', 3, 59900), ('DKK', 4, 104900),
  ('USD', 1, 2199), ('USD', 2, 4999), ('USD', 3, 8499), ('USD', 4, 14999),
  ('CAD', 1, 2999), ('CAD', 2, 6499), ('CAD', 3, 11499), ('CAD', 4, 19999),
  ('AUD', 1, 3299), ('AUD', 2, 7299), ('AUD', 3, 12999), ('AUD', 4, 21999),
  ('NZD', 1, 3599), ('NZD', 2, 7999), ('NZD', 3, 13999), ('NZD', 4, 23999)
) AS p(currency, position, price) ON p.position = b.position;

-- Direct-debit mandates: created with the SEPA form, valid once the SMS code is confirmed and the provider holds it.
CREATE TABLE direct_debit_mandates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reference text NOT NULL UNIQUE,
  account_holder text NOT NULL,
  iban text NOT NULL,
  street text NOT NULL,
  house_number text NOT NULL,
  postcode text NOT NULL,
  city text NOT NULL,
  mobile text NOT NULL,
  status text NOT NULL DEFAULT 'pending_code' CHECK (status IN ('pending_code', 'valid', 'revoked')),
  code_hash text,
  code_expires_at timestamptz,
  code_attempts int NOT NULL DEFAULT 0,
  provider_mandate_id text,
  package_id int REFERENCES credit_packages(id),
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX direct_debit_mandates_user ON direct_debit_mandates (user_id, created_at DESC);

-- A chargeback blocks the member for direct debit.
CREATE TABLE direct_debit_blocks (
  user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per checkout. status follows the provider (Mollie's payment statuses); credited_at is set in the
-- transaction that grants the credits, which only the webhook receiver and the follow-up job run.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  site_id int NOT NULL REFERENCES sites(id),
  package_id int REFERENCES credit_packages(id),
  credits integer NOT NULL CHECK (credits > 0),
  list_price_minor integer NOT NULL CHECK (list_price_minor > 0),
  discount_minor integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL,
  country char(2) NOT NULL,
  method text NOT NULL,
  issuer text,
  discount_code_id int REFERENCES discount_codes(id),
  discount_code text,
  mandate_id bigint REFERENCES direct_debit_mandates(id),
  provider text NOT NULL,
  provider_payment_id text UNIQUE,
  checkout_url text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'pending', 'paid', 'failed', 'canceled', 'expired')),
  credited_at timestamptz,
  paid_at timestamptz,
  charged_back_at timestamptz,
  refunded_minor integer NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (amount_minor = list_price_minor - discount_minor)
);
CREATE INDEX payments_user ON payments (user_id, created_at DESC, id DESC);
CREATE INDEX payments_unsettled ON payments (updated_at) WHERE status IN ('open', 'pending');

-- Refunds of unused purchased credits (the member's own withdrawal), per lot.
CREATE TABLE payment_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credits integer NOT NULL CHECK (credits > 0),
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL,
  provider_refund_id text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refunded', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_refunds_user ON payment_refunds (user_id, created_at DESC);

-- Every verified webhook event once: a redelivered event id finds its row and changes nothing.
CREATE TABLE payment_webhook_inbox (
  event_id text PRIMARY KEY,
  provider text NOT NULL,
  provider_payment_id text,
  event_type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A discount redeemed by a checkout; released again when that payment fails, is canceled or expires.
ALTER TABLE discount_code_uses ADD COLUMN payment_id bigint REFERENCES payments(id) ON DELETE SET NULL;

-- Welcome codes are per member (user_id set); the time bonus code is the shared TIMEBONUS25.
ALTER TABLE discount_codes ADD COLUMN kind text NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'welcome', 'time_bonus'));
UPDATE discount_codes SET kind = 'time_bonus' WHERE upper(code) = 'TIMEBONUS25';
