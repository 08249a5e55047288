-- One phone, one account. Numbers are compared in E.164 (`+` calling code national
-- number). Until now the unique index compared (dialing_code, mobile) as typed, so `55`+`11975603901`
-- and `551`+`1975603901` (or `55`+`011975603901`) were two different "numbers" for the same phone.
--
-- This migration normalises the stored numbers the way the server now does on input, reports what
-- it cannot resolve in phone_duplicates_report (and with RAISE NOTICE), and makes the E.164 form the
-- unique key. No account is deleted: when several accounts hold one phone, the oldest keeps it and
-- the others lose only the number, recorded in the report with what they had stored, so an operator
-- can decide (docs/operations.md).

CREATE TABLE phone_duplicates_report (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  account text NOT NULL,
  -- 'duplicate': another account holds the same E.164 number (kept = the account that keeps it);
  -- 'unknown_dialing_code': no listed country's dialing code fits, left as stored.
  reason text NOT NULL CHECK (reason IN ('duplicate', 'unknown_dialing_code')),
  original_dialing_code text,
  original_mobile text,
  mobile_e164 text,
  kept boolean NOT NULL DEFAULT false,
  kept_member_id bigint REFERENCES members (id),
  found_at timestamptz NOT NULL DEFAULT now()
);

-- The old key would refuse the normalisation itself (two spellings becoming one).
DROP INDEX members_mobile_key;

CREATE TEMP TABLE phone_originals ON COMMIT DROP AS
  SELECT id, dialing_code, mobile FROM members WHERE mobile IS NOT NULL OR dialing_code IS NOT NULL;

-- Digits only; drop one national trunk prefix 0 (Italy keeps its leading 0: it is part of the number).
UPDATE members SET
  dialing_code = nullif(regexp_replace(dialing_code, '\D', '', 'g'), ''),
  mobile = nullif(regexp_replace(mobile, '\D', '', 'g'), '')
WHERE mobile IS NOT NULL OR dialing_code IS NOT NULL;
UPDATE members SET mobile = substr(mobile, 2)
WHERE mobile LIKE '0%' AND coalesce(dialing_code, '') <> '39' AND length(mobile) > 1;

-- The dialing codes of the country list when this migration was written (system/country-list.ts).
-- Calling codes are prefix-free, so the digits of a number split into code and national number
-- one way only: `551`+`1975603901` becomes `55`+`11975603901`.
CREATE TEMP TABLE phone_listed_codes (code text PRIMARY KEY) ON COMMIT DROP;
INSERT INTO phone_listed_codes (code) VALUES
  ('1'), ('7'), ('20'), ('27'), ('30'), ('31'), ('32'), ('33'), ('34'), ('36'), ('39'), ('40'), ('41'), ('43'),
  ('44'), ('45'), ('46'), ('47'), ('48'), ('49'), ('51'), ('52'), ('54'), ('55'), ('56'), ('57'), ('58'), ('60'),
  ('61'), ('62'), ('63'), ('64'), ('65'), ('66'), ('81'), ('82'), ('84'), ('86'), ('90'), ('91'), ('92'), ('94'),
  ('95'), ('212'), ('233'), ('234'), ('238'), ('239'), ('244'), ('254'), ('258'), ('351'), ('352'), ('353'),
  ('358'), ('380'), ('420'), ('502'), ('506'), ('507'), ('591'), ('593'), ('595'), ('598'), ('670'), ('852'),
  ('853'), ('855'), ('856'), ('880'), ('886'), ('966'), ('971'), ('972'), ('977');

UPDATE members m SET
  dialing_code = fit.code,
  mobile = substr(m.dialing_code || m.mobile, length(fit.code) + 1)
FROM (
  SELECT DISTINCT ON (mm.id) mm.id, c.code
  FROM members mm
  JOIN phone_listed_codes c ON (mm.dialing_code || mm.mobile) LIKE c.code || '%'
  WHERE mm.mobile IS NOT NULL AND mm.dialing_code IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM phone_listed_codes k WHERE k.code = mm.dialing_code)
  ORDER BY mm.id, length(c.code) DESC
) fit
WHERE m.id = fit.id AND length(m.dialing_code || m.mobile) > length(fit.code);

INSERT INTO phone_duplicates_report (member_id, account, reason, original_dialing_code, original_mobile)
SELECT m.id, m.account, 'unknown_dialing_code', o.dialing_code, o.mobile
FROM members m JOIN phone_originals o ON o.id = m.id
WHERE m.mobile IS NOT NULL
  AND (m.dialing_code IS NULL OR NOT EXISTS (SELECT 1 FROM phone_listed_codes k WHERE k.code = m.dialing_code));

-- The stored E.164 form: the server writes normalised parts, so this is the number itself.
ALTER TABLE members ADD COLUMN mobile_e164 text GENERATED ALWAYS AS ('+' || dialing_code || mobile) STORED;

WITH grouped AS (
  SELECT id, account, mobile_e164,
         min(id) OVER (PARTITION BY mobile_e164) AS kept_id,
         count(*) OVER (PARTITION BY mobile_e164) AS holders
  FROM members WHERE mobile_e164 IS NOT NULL
)
INSERT INTO phone_duplicates_report (member_id, account, reason, original_dialing_code, original_mobile, mobile_e164, kept, kept_member_id)
SELECT g.id, g.account, 'duplicate', o.dialing_code, o.mobile, g.mobile_e164, g.id = g.kept_id, g.kept_id
FROM grouped g JOIN phone_originals o ON o.id = g.id
WHERE g.holders > 1;

UPDATE members SET dialing_code = NULL, mobile = NULL
WHERE id IN (SELECT member_id FROM phone_duplicates_report WHERE reason = 'duplicate' AND NOT kept);

DO $$
DECLARE
  duplicates integer;
  unknown integer;
BEGIN
  SELECT count(*) INTO duplicates FROM phone_duplicates_report WHERE reason = 'duplicate' AND NOT kept;
  SELECT count(*) INTO unknown FROM phone_duplicates_report WHERE reason = 'unknown_dialing_code';
  IF duplicates > 0 THEN
    RAISE NOTICE 'phone numbers: % account(s) shared a phone with an older account and lost the number; see phone_duplicates_report', duplicates;
  END IF;
  IF unknown > 0 THEN
    RAISE NOTICE 'phone numbers: % account(s) have a number with no listed dialing code; see phone_duplicates_report', unknown;
  END IF;
END
$$;

-- One phone, one account; the name stays, so a violation still maps to MOBILE_TAKEN.
CREATE UNIQUE INDEX members_mobile_key ON members (mobile_e164) WHERE mobile_e164 IS NOT NULL;
