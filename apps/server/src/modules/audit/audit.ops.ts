import { loadConfig } from '../../config';
import type { OpsCommand } from '../../scripts/ops-command';
import { auditChainKeyring } from './audit-chain-key';
import { parseAnchor, verifyAuditChain, type AuditChainAnchor } from './audit-chain';

/** `npm run ops -- audit:verify` (also `npm run audit:verify`): the audit chain's check. */
export const AUDIT_COMMANDS: Record<string, OpsCommand> = {
  'audit:verify': {
    usage: 'audit:verify [<seq>:<hash>…]',
    description:
      "Check the audit log's hash chain from its first entry, each link's keyed seal included (AUDIT_CHAIN_KEY, AUDIT_CHAIN_OLD_KEYS); prints the first broken link (entry id, what differs). Each <seq>:<hash> (a regulator export manifest's auditChain) must still be in the chain. Exit code 1 when broken.",
    async run(ctx, args) {
      const anchors = args.map((a) => {
        const anchor = parseAnchor(a);
        if (!anchor) throw new Error(`not an anchor: ${a} (expected <seq>:<64 hex digits>)`);
        return anchor;
      }) satisfies AuditChainAnchor[];
      const result = await verifyAuditChain(ctx.database.db, auditChainKeyring(loadConfig()), { anchors });
      ctx.print(result);
      if (!result.ok) process.exitCode = 1;
    },
  },
};
