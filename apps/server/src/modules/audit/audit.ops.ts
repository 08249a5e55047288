import type { OpsCommand } from '../../scripts/ops-command';
import { verifyAuditChain } from './audit-chain';

/** `npm run ops -- audit:verify` (also `npm run audit:verify`): the audit chain's check. */
export const AUDIT_COMMANDS: Record<string, OpsCommand> = {
  'audit:verify': {
    usage: 'audit:verify',
    description: 'Check the audit log\'s hash chain from its first entry; prints the first broken link (entry id, what differs). Exit code 1 when broken.',
    async run(ctx) {
      const result = await verifyAuditChain(ctx.database.db);
      ctx.print(result);
      if (!result.ok) process.exitCode = 1;
    },
  },
};
