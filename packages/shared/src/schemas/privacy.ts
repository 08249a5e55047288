import { z } from 'zod';

/** POST /wps/member/close: closing one's account, confirmed with the password (docs/compliance.md, "Player rights"). */
export const closeAccountBodySchema = z.object({ password: z.string().min(1).max(128) }).strict();
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;
