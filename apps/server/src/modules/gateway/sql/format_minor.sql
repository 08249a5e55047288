-- format_minor: Minor units as a decimal string, as formatMinor in packages/shared does.
-- Owner: gateway (a pure helper used by the seamless wallet's answers (seamless_apply), which the gateway owns).
--
-- As migration 0051_seamless_apply explained it:
-- Minor units as a decimal string, e.g. (12345, 2) → '123.45' (as formatMinor in packages/shared).
CREATE OR REPLACE FUNCTION format_minor(p_minor bigint, p_scale integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN p_minor < 0 THEN '-' ELSE '' END
    || (abs(p_minor) / (10::bigint ^ p_scale)::bigint)::text
    || CASE WHEN p_scale > 0 THEN '.' || lpad((abs(p_minor) % (10::bigint ^ p_scale)::bigint)::text, p_scale, '0') ELSE '' END
$$;
