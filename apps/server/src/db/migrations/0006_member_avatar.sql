-- A member's avatar is one of the drawn avatars the site ships (1..8 today). NULL shows the
-- default avatar. The upper bound leaves room for more drawings without a migration.
ALTER TABLE members ADD COLUMN avatar_id smallint CHECK (avatar_id BETWEEN 1 AND 64);
