import type { AuditChainResult } from '@wps/shared/schemas/audit-chain';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

/** POST /ops/audit/chain/verify (audit.read): check the audit log's hash chain from its first entry. */
export function verifyAuditChain(): Promise<AuditChainResult> {
  return opsRequest<AuditChainResult>('/ops/audit/chain/verify', { method: 'POST' });
}

/** The check runs on demand (it reads the whole log); its answer stays on screen until the next one. */
export function useVerifyAuditChain() {
  return useOpsMutation({ mutationFn: verifyAuditChain });
}
