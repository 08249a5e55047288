-- When the profile in force was last chosen: by an approved switch, or by the ops console
-- (`licence:set`), even one that kept the same profile. NULL while it is the migration's default.
-- The demo's first-start installation (db/seed-jurisdiction.ts) sets DEMO_JURISDICTION's profile
-- only on a licence nobody chose: an operator who set it from the console before the first
-- `npm start` keeps it.
ALTER TABLE operator_licence ADD COLUMN chosen_at timestamptz;
