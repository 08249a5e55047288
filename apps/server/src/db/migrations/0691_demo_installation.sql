-- The demo operator's installation (db/seed-jurisdiction.ts installDemo), owed to a database until a
-- server start carries it out. Whoever creates the database (a server start, `npm run migrate`, the
-- ops console making the first admin) marks it pending in the same seed that writes the brand; the
-- first server start claims it, so the demo's licence, site content, players and rewards are
-- installed once even when the operator ran `npm run ops` before `npm start`. The claim is one
-- UPDATE, so of several instances starting together one alone installs. A database created before
-- this table existed has no row: it was installed (or chose not to be) already.
CREATE TABLE demo_installation (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  state text NOT NULL CHECK (state IN ('pending', 'installed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  installed_at timestamptz,
  CONSTRAINT demo_installation_done CHECK ((state = 'installed') = (installed_at IS NOT NULL))
);
