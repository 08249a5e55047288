-- Customer-service entries now say how they open (openAs: link, popup, email, phone) and whether
-- only VIP players get them (vipOnly). The settings schema requires both, and a stored value that
-- fails it is ignored wholesale at load (the demo entries would show instead), so entries stored
-- before are given what the site did with them until now: mailto: as e-mail, tel: as a call, any
-- other link in the 440×750 popup; none VIP-only.
UPDATE operator_settings
SET value = (
    SELECT coalesce(
      jsonb_agg(
        CASE
          WHEN jsonb_typeof(e.entry) = 'object' THEN
            e.entry || jsonb_build_object(
              'openAs', coalesce(
                e.entry -> 'openAs',
                to_jsonb(CASE
                  WHEN e.entry ->> 'path' ILIKE 'mailto:%' THEN 'email'
                  WHEN e.entry ->> 'path' ILIKE 'tel:%' THEN 'phone'
                  ELSE 'popup'
                END)
              ),
              'vipOnly', coalesce(e.entry -> 'vipOnly', 'false'::jsonb)
            )
          ELSE e.entry
        END
        ORDER BY e.position
      ),
      '[]'::jsonb
    )
    FROM jsonb_array_elements(value) WITH ORDINALITY AS e(entry, position)
  ),
  updated_at = now()
WHERE key = 'customerService' AND jsonb_typeof(value) = 'array';
