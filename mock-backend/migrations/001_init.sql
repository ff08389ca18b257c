-- Core schema. Every table has created_at/updated_at; credits are integers.

CREATE TABLE sites (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  host text NOT NULL UNIQUE,
  is_default boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  domain text NOT NULL,
  domain_language text NOT NULL DEFAULT 'en',
  niche smallint NOT NULL DEFAULT 7 CHECK (niche BETWEEN 1 AND 7),
  cdn_prefix text NOT NULL DEFAULT '/media/',
  countries text[] NOT NULL DEFAULT '{}',
  signups text NOT NULL DEFAULT 'all' CHECK (signups IN ('all', 'with_trafficsource', 'disabled')),
  logged_out_search boolean NOT NULL DEFAULT true,
  logged_out_search_trafficsource boolean NOT NULL DEFAULT false,
  enable_site_entry_popup text NOT NULL DEFAULT 'yes',
  index_title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  push_public_key text,
  support_phone text NOT NULL DEFAULT '',
  support_email text NOT NULL DEFAULT '',
  minimum_message_costs jsonb NOT NULL DEFAULT '{}',
  fictional_icon text NOT NULL DEFAULT '',
  fictional_warning text NOT NULL DEFAULT '',
  fictional_singular text NOT NULL DEFAULT '',
  fictional_plural text NOT NULL DEFAULT '',
  visible_profile_fields text[] NOT NULL DEFAULT '{}',
  visible_profile_notes text[] NOT NULL DEFAULT '{}',
  search_fields text[] NOT NULL DEFAULT '{}',
  message_credits integer NOT NULL DEFAULT 10 CHECK (message_credits >= 0),
  photo_credits integer NOT NULL DEFAULT 5 CHECK (photo_credits >= 0),
  gift_credits integer NOT NULL DEFAULT 20 CHECK (gift_credits >= 0),
  signup_credits integer NOT NULL DEFAULT 0 CHECK (signup_credits >= 0),
  message_length integer NOT NULL DEFAULT 1000 CHECK (message_length > 0),
  refund_days integer NOT NULL DEFAULT 14 CHECK (refund_days >= 0),
  member_resell boolean NOT NULL DEFAULT false,
  company_id integer NOT NULL,
  mail_name text NOT NULL DEFAULT '',
  us_footer boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;

CREATE TABLE company_info (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL,
  kvk text NOT NULL,
  city text NOT NULL,
  country text NOT NULL,
  tradenames text[] NOT NULL DEFAULT '{}',
  vat_numbers text[] NOT NULL DEFAULT '{}',
  support_phone text NOT NULL,
  delete_discount integer NOT NULL DEFAULT 0 CHECK (delete_discount BETWEEN 0 AND 100),
  added timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE regions (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  country char(2) NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (country, code)
);

CREATE TABLE users (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  email text NOT NULL,
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'not_confirmed' CHECK (status IN ('active', 'not_confirmed', 'deleted')),
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  paid_user boolean NOT NULL DEFAULT false,
  language text NOT NULL DEFAULT 'en',
  signup_date timestamptz NOT NULL DEFAULT now(),
  notifications_disabled text[] NOT NULL DEFAULT '{}',
  deleted_at timestamptz,
  last_active_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_site_email ON users (site_id, lower(email));
CREATE INDEX users_members_listing ON users (site_id, last_active_at DESC, id DESC);

CREATE TABLE profiles (
  user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  country char(2),
  region_id int REFERENCES regions(id),
  birth_date date,
  about text NOT NULL DEFAULT '',
  gender text CHECK (gender IN ('male', 'female')),
  sexuality text CHECK (sexuality IN ('hetero', 'gay', 'lesbian', 'bi')),
  relationship_status text CHECK (relationship_status IN ('divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed')),
  hair_colour text,
  eye_colour text,
  body_type text CHECK (body_type IN ('slim', 'normal', 'fat')),
  tattoos boolean,
  signup_reason text,
  status text NOT NULL DEFAULT 'disabled' CHECK (status IN ('active', 'disabled')),
  fictional boolean NOT NULL DEFAULT false,
  invisible boolean NOT NULL DEFAULT false,
  lat double precision,
  lon double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profiles_country ON profiles (country);

CREATE TABLE photos (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  filename text NOT NULL,
  thumb_filename text NOT NULL,
  blurred_filename text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('approved', 'pending', 'rejected')),
  is_main boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_user ON photos (user_id, position);
CREATE UNIQUE INDEX photos_one_main ON photos (user_id) WHERE is_main;

CREATE TABLE sessions (
  id char(64) PRIMARY KEY, -- sha256 (hex) of the cookie token; the token itself is never stored
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE login_failures (
  site_id int NOT NULL REFERENCES sites(id),
  email text NOT NULL,
  ip text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, email, ip)
);

CREATE TABLE push_subscriptions (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  subscription jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

CREATE TABLE interests (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profile_interests (
  user_id int NOT NULL REFERENCES profiles(user_id) ON DELETE CASCADE,
  interest_id int NOT NULL REFERENCES interests(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, interest_id)
);

CREATE TABLE likes (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  liker_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  liked_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  is_new boolean NOT NULL DEFAULT true,
  -- true when the like came from auto-like.php (a profile liking the member on the site's initiative)
  is_auto boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (liker_id, liked_id),
  CHECK (liker_id <> liked_id)
);
CREATE INDEX likes_liked ON likes (liked_id, is_new, created_at DESC);

CREATE TABLE conversations (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  last_message_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conversation_members (
  conversation_id int NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_user ON conversation_members (user_id) WHERE deleted_at IS NULL;

CREATE TABLE messages (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id int NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  sender_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body text NOT NULL,
  credits_cost integer NOT NULL DEFAULT 0 CHECK (credits_cost >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation ON messages (conversation_id, created_at DESC, id DESC);

CREATE TABLE credit_ledger (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta integer NOT NULL,
  reason text NOT NULL,
  idempotency_key text UNIQUE,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, created_at DESC);

CREATE TABLE discount_codes (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  site_id int REFERENCES sites(id),
  country char(2),
  user_id int REFERENCES users(id) ON DELETE CASCADE,
  value_percentage numeric(5, 2) NOT NULL CHECK (value_percentage > 0 AND value_percentage <= 100),
  currency char(3),
  minimum_order_value integer CHECK (minimum_order_value >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'used', 'inactive')),
  validity text NOT NULL DEFAULT 'once' CHECK (validity IN ('once', 'once-per-user', 'unlimited')),
  expires_at timestamptz,
  paymentmethods text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX discount_codes_code ON discount_codes (upper(code));

CREATE TABLE discount_code_uses (
  discount_code_id int NOT NULL REFERENCES discount_codes(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (discount_code_id, user_id)
);
