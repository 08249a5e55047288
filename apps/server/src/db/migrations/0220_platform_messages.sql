-- Messages module: platform messages (the spec's messageV2, "platform information"), written by
-- operators to every player, to a segment, or to named players, read in the player's inbox
-- beside the transaction notices (member_notices).
--
-- A message to everyone or to a segment is one row: nobody's inbox gets a row of its own until
-- the player reads it (platform_message_reads), so sending to a million players writes one row.
-- A segment is stored as its criteria and matched when the player reads the inbox. Messages to
-- named players have one row per player (platform_message_recipients, a bounded list).
CREATE TABLE platform_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  audience text NOT NULL CHECK (audience IN ('all', 'segment', 'players')),
  -- Segment criteria (audience 'segment' only); NULL is "any". Registration in [from, until).
  registered_from timestamptz,
  registered_until timestamptz,
  -- true: players with a credited deposit; false: players without one.
  has_deposited boolean,
  -- The words per language: {"PT": {"title", "bodyHtml"}, "EN": {...}}, the HTML sanitised on save.
  translations jsonb NOT NULL,
  -- Players see it from send_at (a later time schedules it) until it is withdrawn.
  send_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  withdrawn_by bigint REFERENCES operators (id),
  created_by bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Audience 'players': how many were named (the recipients' rows), for the back office's list.
  recipient_count integer NOT NULL DEFAULT 0 CHECK (recipient_count >= 0),
  CHECK (audience = 'segment' OR (registered_from IS NULL AND registered_until IS NULL AND has_deposited IS NULL)),
  CHECK (audience <> 'segment' OR registered_from IS NOT NULL OR registered_until IS NOT NULL OR has_deposited IS NOT NULL),
  CHECK (registered_from IS NULL OR registered_until IS NULL OR registered_until > registered_from),
  CHECK ((withdrawn_at IS NULL) = (withdrawn_by IS NULL))
);
-- A player's inbox reads the live broadcast messages sent since the player registered.
CREATE INDEX platform_messages_broadcast_idx ON platform_messages (send_at DESC) WHERE withdrawn_at IS NULL AND audience <> 'players';
-- The back office's list, newest first.
CREATE INDEX platform_messages_created_idx ON platform_messages (id DESC);

CREATE TABLE platform_message_recipients (
  member_id bigint NOT NULL REFERENCES members (id),
  message_id bigint NOT NULL REFERENCES platform_messages (id),
  PRIMARY KEY (member_id, message_id)
);

-- Read receipts: one row when a player first reads a message (the unread count is the visible
-- messages without one).
CREATE TABLE platform_message_reads (
  member_id bigint NOT NULL REFERENCES members (id),
  message_id bigint NOT NULL REFERENCES platform_messages (id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, message_id)
);
-- Read counts per message for the back office.
CREATE INDEX platform_message_reads_message_idx ON platform_message_reads (message_id);
