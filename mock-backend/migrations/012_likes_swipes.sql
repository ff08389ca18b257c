-- Likes, matches and the swipe game.
--
-- A match is never stored: it is derived (a like each way), so it cannot get lost or out of step. likeProfile takes
-- a transaction-scoped advisory lock on the ordered pair before it inserts and looks for the like back, so of two
-- members liking each other in the same instant the second always sees the first and answers `match: true`.

-- Every card a member swiped in the swipe game, liked or passed, so it does not come back soon.
CREATE TABLE swipes (
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  liked boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, target_id),
  CHECK (user_id <> target_id)
);
CREATE INDEX swipes_recent ON swipes (user_id, created_at DESC);

-- Swipe-game likes per member and UTC day. The daily limit is enforced by one upsert
-- (`... DO UPDATE SET likes = likes + 1 WHERE likes < limit RETURNING likes`), which holds under any concurrency.
CREATE TABLE swipe_quota (
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  likes integer NOT NULL CHECK (likes >= 0),
  PRIMARY KEY (user_id, day)
);

-- What a member looks for: the match finder's answers, also the swipe game's and the signup suggestions' filter.
-- No row = defaults derived from the member's own profile (see components/likes/preferences.ts).
CREATE TABLE match_preferences (
  user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  gender text CHECK (gender IN ('male', 'female')),
  min_age integer NOT NULL CHECK (min_age BETWEEN 18 AND 99),
  max_age integer NOT NULL CHECK (max_age BETWEEN 18 AND 99 AND max_age >= min_age),
  country char(2),
  region_id int REFERENCES regions(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Likes a member gave, newest first (the likes page's "given" tab and the like-back lookups).
CREATE INDEX likes_liker ON likes (liker_id, created_at DESC);
