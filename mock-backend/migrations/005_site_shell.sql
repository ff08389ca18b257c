-- Site shell: complaints filed through the complaints page, and the US footer on the English default site.

CREATE TABLE complaints (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  user_id int REFERENCES users(id) ON DELETE SET NULL,
  profile_id int REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  category text NOT NULL CHECK (category IN ('billing', 'profile', 'conduct', 'privacy', 'technical', 'other')),
  message text NOT NULL,
  language text NOT NULL DEFAULT 'en',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  mailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaints_site_created ON complaints (site_id, created_at DESC);

-- The English default site serves US visitors: its footer carries the 2257 statement and the US privacy notice.
UPDATE sites SET us_footer = true, updated_at = now() WHERE is_default AND domain_language = 'en';
