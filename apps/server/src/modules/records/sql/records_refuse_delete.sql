-- records_refuse_delete: Refuses DELETE of the regulated records (kept at least five years).
-- Owner: records (the records module keeps the rule "records are never deleted" for every module's regulated tables; it writes nothing).
--
-- As migration 0600_records_cannot_be_deleted explained it:

CREATE OR REPLACE FUNCTION records_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'record kept: % is never deleted (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'RC001', HINT = 'records are kept for the licence; a mistake is corrected by a new record';
END;
$$;
