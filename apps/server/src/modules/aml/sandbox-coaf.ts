import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordSandboxReport } from './aml-sandbox.repository';
import type { CoafSender } from './coaf-sender';

/**
 * The sandbox COAF sender: it files nothing. It keeps each report it takes (table
 * aml_coaf_sandbox) and answers a protocol number made from the idempotency key, so the same case
 * sent twice gets the same protocol, as a real filing's retry must. Off with NODE_ENV=production
 * unless ALLOW_SANDBOX_AML=1 (aml-settings.ts).
 */
export function createSandboxCoaf({ db }: { db: Kysely<Database> }): CoafSender {
  return {
    name: 'sandbox',
    async send(report, idempotencyKey) {
      const digest = crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 12).toUpperCase();
      const protocol = await recordSandboxReport(db, {
        key: idempotencyKey,
        protocol: `SBX-COAF-${digest}`,
        body: JSON.stringify(report),
      });
      return { protocol };
    },
  };
}
