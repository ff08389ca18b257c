-- Moderator roles: an admin moderates like a moderator and also grants and withdraws the moderator role in the
-- moderators' console (components/moderation/roles.ts). Admins are made by the operator (scripts/site-admin.ts),
-- never through the console.
--
-- moderator_role_changes: every grant and withdrawal — who changed whose role, from what to what, and when — shown
--   in the console's list of the team. `changed_by` is the admin (null once his account is gone); `via` says whether
--   it was the console or the operator's script.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('member', 'moderator', 'admin'));
-- The team list reads the few members with a role other than member.
CREATE INDEX users_staff ON users (site_id, id) WHERE role <> 'member';

CREATE TABLE moderator_role_changes (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id),
  member_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  changed_by int REFERENCES users(id) ON DELETE SET NULL,
  via text NOT NULL CHECK (via IN ('console', 'operator')),
  from_role text NOT NULL CHECK (from_role IN ('member', 'moderator', 'admin')),
  to_role text NOT NULL CHECK (to_role IN ('member', 'moderator', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_role <> to_role)
);
CREATE INDEX moderator_role_changes_site ON moderator_role_changes (site_id, id);
CREATE INDEX moderator_role_changes_member ON moderator_role_changes (member_id, id);

-- Who may decide an appeal: the notices a decision handled are read by decision (components/safety/conflicts.ts).
CREATE INDEX safety_notices_decision ON safety_notices (decision_id) WHERE decision_id IS NOT NULL;
