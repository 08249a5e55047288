-- seamless_refusal: The seamless wallet's refusal answer for a reason, read from seamless_refusals.
-- Owner: gateway (reads the gateway's seamless_refusals).
--
-- As migration 0140_seamless_refusals explained it:
-- A refusal answer by reason; an unknown reason is a bug in the caller, not an answer.
CREATE OR REPLACE FUNCTION seamless_refusal(p_reason text, p_value jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_row record;
BEGIN
  SELECT r.error_code, r.message INTO v_row FROM seamless_refusals AS r WHERE r.reason = p_reason;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'seamless_refusal: unknown reason %', p_reason;
  END IF;
  RETURN jsonb_build_object('error', jsonb_build_object('errorCode', v_row.error_code, 'message', v_row.message, 'value', p_value));
END;
$$;
