-- Rewards engine, part one: what happens to a player, written as an event in the same
-- transaction as the change itself (a transactional outbox), and each consumer's place in it.
--
-- Triggers on the tables that record the change write the event, so the modules that move the
-- money call nothing (the reporting aggregates are kept the same way). Events of trial players
-- (members.type 4) are not written: they play with demo money and earn nothing.
--
-- Order and completeness. Ids come from a sequence, so a transaction that took id 10 can commit
-- after one that took id 11: a consumer that remembered "up to 11" would never see 10. Each event
-- therefore carries its writer's transaction id (tx, xid8), and a consumer reads only events whose
-- tx is below the oldest transaction still running (pg_snapshot_xmin): no event can appear there
-- any more. It walks them in (tx, id) order and keeps its place as that pair.
CREATE TABLE reward_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  kind text NOT NULL CHECK (kind IN (
    'registered', 'login', 'deposit_credited', 'withdrawal_requested', 'round_settled',
    'level_changed', 'application_approved', 'promotion_joined', 'referral_qualified'
  )),
  member_id bigint NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  data jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX reward_events_order_idx ON reward_events (tx, id);
-- A rule's dry run replays one kind over a window of history.
CREATE INDEX reward_events_kind_time_idx ON reward_events (kind, occurred_at);

-- One row per consumer: the last (tx, id) it has applied. A consumer's batch and the move of its
-- row commit together, so an event is applied once per consumer, whatever dies when.
CREATE TABLE reward_event_cursors (
  subscriber text PRIMARY KEY,
  last_tx xid8 NOT NULL DEFAULT '0'::xid8,
  last_id bigint NOT NULL DEFAULT 0,
  applied bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An event a consumer could not apply even alone (a bug, or data it cannot read): kept with the
-- error, so the rest of the stream goes on and an operator can see it.
CREATE TABLE reward_event_failures (
  subscriber text NOT NULL,
  event_id bigint NOT NULL,
  error text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscriber, event_id)
);

CREATE FUNCTION reward_event_member_plays(p_member bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM members AS m WHERE m.id = p_member AND m.type <> 4);
$$;

CREATE FUNCTION reward_events_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reward_events (kind, member_id, occurred_at, data)
  VALUES ('registered', NEW.id, NEW.created_at,
          jsonb_build_object('type', NEW.type, 'referrerId', NEW.referrer_id::text, 'uplineId', NEW.upline_id::text));
  RETURN NULL;
END;
$$;
CREATE TRIGGER reward_events_members AFTER INSERT ON members
  FOR EACH ROW WHEN (NEW.type <> 4) EXECUTE FUNCTION reward_events_on_member();

CREATE FUNCTION reward_events_on_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF reward_event_member_plays(NEW.member_id) THEN
    INSERT INTO reward_events (kind, member_id, data) VALUES ('login', NEW.member_id, jsonb_build_object('sessionId', NEW.id::text));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER reward_events_member_sessions AFTER INSERT ON member_sessions
  FOR EACH ROW EXECUTE FUNCTION reward_events_on_session();

-- A deposit credited (the status moves to credited once). "first" is whether no other order of the
-- member was credited before it.
CREATE FUNCTION reward_events_on_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reward_events (kind, member_id, data)
  VALUES ('deposit_credited', NEW.member_id, jsonb_build_object(
    'orderId', NEW.id::text, 'amount', NEW.amount_minor::text, 'credit', NEW.credit_minor::text, 'currency', NEW.currency,
    'first', NOT EXISTS (SELECT 1 FROM deposit_orders AS o WHERE o.member_id = NEW.member_id AND o.status = 'credited' AND o.id <> NEW.id)));
  RETURN NULL;
END;
$$;
CREATE TRIGGER reward_events_deposit_orders AFTER UPDATE OF status ON deposit_orders
  FOR EACH ROW WHEN (NEW.status = 'credited' AND OLD.status <> 'credited') EXECUTE FUNCTION reward_events_on_deposit();

CREATE FUNCTION reward_events_on_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reward_events (kind, member_id, data)
  VALUES ('withdrawal_requested', NEW.member_id, jsonb_build_object('orderId', NEW.id::text, 'amount', NEW.amount::text, 'currency', NEW.currency));
  RETURN NULL;
END;
$$;
CREATE TRIGGER reward_events_withdrawal_orders AFTER INSERT ON withdrawal_orders
  FOR EACH ROW EXECUTE FUNCTION reward_events_on_withdrawal();

-- A round settled: its stake, refunds and wins as the round records hold them (the ledger's
-- figures, never a vendor's claim). Turnover is bet minus refund.
CREATE FUNCTION reward_events_on_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF reward_event_member_plays(NEW.member_id) THEN
    INSERT INTO reward_events (kind, member_id, data)
    VALUES ('round_settled', NEW.member_id, jsonb_build_object(
      'roundId', NEW.id::text, 'vassalage', NEW.vassalage, 'nodeId', NEW.node_id, 'currency', NEW.currency,
      'bet', NEW.total_bet::text, 'win', NEW.total_win::text, 'refund', NEW.total_refund::text));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER reward_events_game_rounds AFTER UPDATE OF status ON game_rounds
  FOR EACH ROW WHEN (NEW.status = 'settled' AND OLD.status <> 'settled') EXECUTE FUNCTION reward_events_on_round();
