-- records_refuse_closed_update: The refusal of an UPDATE of a closed regulated record.
-- Owner: records (a helper of the records guards; it writes nothing).
--
-- As migration 0600_records_cannot_be_deleted explained it:
-- The refusal of an UPDATE of a closed row, named by the row's id where it has one.
CREATE OR REPLACE FUNCTION records_refuse_closed_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'record closed: % % is closed (UPDATE refused)', TG_TABLE_NAME, coalesce(to_jsonb(OLD) ->> 'id', '')
    USING ERRCODE = 'RC002', HINT = 'a closed record does not change; a mistake is corrected by a new record';
END;
$$;
