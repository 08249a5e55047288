-- Feedback module: a player's question or complaint (a type, the text and up to three png or jpg
-- images), answered once by an operator in the back office; the player reads the answer in
-- "my feedback". Images are kept in the database so every instance serves them.
CREATE TABLE feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  question_type text NOT NULL CHECK (question_type IN ('deposit', 'withdrawal', 'game', 'customer_service', 'application', 'other')),
  content text NOT NULL CHECK (char_length(content) BETWEEN 10 AND 1000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  reply text CHECK (char_length(reply) BETWEEN 1 AND 2000),
  replied_by bigint REFERENCES operators (id),
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'answered') = (reply IS NOT NULL AND replied_at IS NOT NULL))
);
-- A player's own list, newest first; the back office's queue of open feedback, oldest first.
CREATE INDEX feedback_member_idx ON feedback (member_id, id DESC);
CREATE INDEX feedback_status_idx ON feedback (status, id);

CREATE TABLE feedback_images (
  feedback_id bigint NOT NULL REFERENCES feedback (id),
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 2),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  PRIMARY KEY (feedback_id, position)
);
