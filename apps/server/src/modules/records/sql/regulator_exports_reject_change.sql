-- regulator_exports_reject_change: Refuses deleting or rewriting regulator exports (records are kept).
-- Owner: records (a trigger function on its own tables).
--
-- As migration 0341_regulator_exports explained it:
-- Records are kept (Law 14.790/2023, SPA/MF 722/2024: at least five years): nothing deletes them.
CREATE OR REPLACE FUNCTION regulator_exports_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% rejected)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
