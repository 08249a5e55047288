-- Game sessions end when the login session that launched them does: logout,
-- password change or reset (they revoke login sessions), account disabled. Launch tokens and
-- vendor sessions name that login session; reading a vendor session joins it and the member by
-- primary key, so the check costs no extra round trip on a bet callback.
--
-- Rows from before this migration name no login session and are refused from now on: a game
-- open during the upgrade asks its player to launch it again. Wins, rollbacks and end-round never
-- read the session (they may arrive after it ended), so no round is left unpaid.
ALTER TABLE game_launch_tokens ADD COLUMN login_session_id bigint REFERENCES member_sessions (id);
ALTER TABLE vendor_sessions ADD COLUMN login_session_id bigint REFERENCES member_sessions (id);
