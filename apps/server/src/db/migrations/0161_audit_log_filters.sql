-- The audit screen lists entries newest first, by time and then id (ids break ties between
-- entries of one transaction, which share its now()), filtered by actor, action or subject and a
-- time range, paged by keyset on (at, id). One index per filter leads with it and ends in (at, id),
-- so each filter reads its rows in order and stops at the page size.
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_type, actor_id, at, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, at, id);
-- Replaces (subject_type, subject_id, id): same lookups, in time order.
CREATE INDEX audit_log_subject_at_idx ON audit_log (subject_type, subject_id, at, id);
DROP INDEX audit_log_subject_idx;
