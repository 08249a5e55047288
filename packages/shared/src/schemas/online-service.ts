import { z } from 'zod';
import { ONLINE_SERVICE_TYPES } from '../online-service';

/**
 * The online-service list (GET /wps/system/onlineService): the customer-service entries the site
 * settings hold, switched on, in the operator's order, each with the product's type code. Type 3
 * is the chat opened in a 440×500 window, its address asked for at the click
 * (GET /wps/system/onlineService/target), so an entry switched off or changed since the list was
 * read opens nothing stale.
 */
export const onlineServiceEntrySchema = z.object({
  type: z.enum(ONLINE_SERVICE_TYPES),
  csType: z.string(),
  name: z.string(),
  /** Where the entry leads (a type 3 chat's address as last saved; the click asks for the current one). */
  path: z.string(),
  vipOnly: z.boolean(),
});
export type OnlineServiceEntry = z.infer<typeof onlineServiceEntrySchema>;

export const onlineServiceListSchema = z.object({
  version: z.object({
    /** A digest of the list: it changes whenever the operator changes an entry. */
    id: z.string(),
    pathList: z.array(onlineServiceEntrySchema),
  }),
});
export type OnlineServiceList = z.infer<typeof onlineServiceListSchema>;

export const onlineServiceTargetQuerySchema = z.object({
  csType: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_]{2,32}$/),
});
export type OnlineServiceTargetQuery = z.infer<typeof onlineServiceTargetQuerySchema>;

/** Where a type 3 chat's window goes now. */
export const onlineServiceTargetSchema = z.object({ url: z.string() });
export type OnlineServiceTarget = z.infer<typeof onlineServiceTargetSchema>;
