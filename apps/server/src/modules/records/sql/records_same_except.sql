-- records_same_except: Whether NEW equals OLD in every column but the allowed ones.
-- Owner: records (a helper of the records guards).
--
-- As migration 0600_records_cannot_be_deleted explained it:
-- Whether NEW equals OLD in every column but `allowed`: the shape of each exception below.
CREATE OR REPLACE FUNCTION records_same_except(p_old jsonb, p_new jsonb, p_allowed text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_old - p_allowed) = (p_new - p_allowed);
$$;
