import type { OpsContractDetail } from '@wps/shared/schemas/agent-ops';
import type { Contract, HouseContractChange, HouseContractResult } from '@wps/shared/schemas/agents';
import { call, valueOf } from '../../../test/api-client';
import type { TestApp } from '../../../test/test-app';

/**
 * A top agent's house contract in force, as two operators make it: `asker` sets it (PUT) and, when
 * it waits for a second operator (a new contract or higher terms), `approver` approves it. Answers
 * the contract in force; fails the test when either call is refused.
 */
export async function houseContractInForce(
  t: TestApp,
  tokens: { asker: string; approver: string },
  memberId: string,
  type: string,
  payload: Record<string, unknown>,
): Promise<Contract> {
  const result = valueOf<HouseContractResult>(
    await call(t.app, 'PUT', `/ops/agents/${memberId}/contracts/${type}`, { token: tokens.asker, payload }),
  );
  if (result.contract) return result.contract;
  const applied = valueOf<HouseContractChange>(
    await call(t.app, 'POST', `/ops/agents/contract-changes/${result.waiting!.id}/approve`, {
      token: tokens.approver,
      payload: { reason: 'terms checked' },
    }),
  );
  const detail = valueOf<OpsContractDetail>(
    await call(t.app, 'GET', `/ops/agents/contracts/${applied.contractId}`, { token: tokens.approver }),
  );
  const { uplineId: _upline, downlineId: _downline, ...contract } = detail.contract;
  return contract;
}
