import type { OpsRole } from '@wps/shared/ops-permissions';
import type { AppServices } from '../services';

/*
 * The permissive demo's back-office accounts (README.md, docs/decisions.md "The permissive demo's
 * rewards and four eyes"): the set-ups a second operator must approve (a rebate switched on) are
 * asked by the first and approved by the second through the same service calls the back office
 * makes, so the demo's seed passes four eyes the way an operator team would, not around them.
 * Made through the operator service (hashed, audited as the seed); each enrols two-factor at
 * their first sign-in, as any new operator does. The password is public: a demonstration only.
 */
export const DEMO_OPERATOR_PASSWORD = 'Demo2026backoffice';

export const DEMO_OPERATORS = [
  { username: 'demoadmin', role: 'admin' },
  { username: 'demofinance', role: 'finance' },
] as const satisfies readonly { username: string; role: OpsRole }[];

export type DemoOperator = { operatorId: string; role: OpsRole };

/** Create the demo operators; answers the asker (admin) and the approver (finance, holding adjustments.approve). */
export async function seedDemoOperators(
  services: Pick<AppServices, 'operators'>,
): Promise<{ asker: DemoOperator; approver: DemoOperator }> {
  const made: DemoOperator[] = [];
  for (const operator of DEMO_OPERATORS) {
    const created = await services.operators.createOperator(
      { ...operator, password: DEMO_OPERATOR_PASSWORD },
      { actor: { actorType: 'system', actorId: 'demo-seed' }, reason: 'demo installation (DEMO_REWARDS)' },
    );
    made.push({ operatorId: created.operatorId, role: created.role });
  }
  return { asker: made[0]!, approver: made[1]! };
}
