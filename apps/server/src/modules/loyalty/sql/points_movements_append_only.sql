-- points_movements_append_only: Refuses changes to loyalty point movements (append-only).
-- Owner: loyalty (a trigger function on its own tables).
--
-- As migration 0260_loyalty_points explained it:

CREATE OR REPLACE FUNCTION points_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points_movements is append-only (% rejected)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
