import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import { createMoneyLimits } from './operator-money-limits';
import { createOperatorMoneyPolicy } from './operator-money-policy';
import { createSetupCeilings } from './operator-money-setups';

type OperatorMoneyContext = Pick<AppContext, 'db'> & {
  audit: Pick<AuditService, 'record'>;
  operators: Pick<OperatorService, 'namesOf'>;
};

/**
 * The operator money policy (docs/decisions.md, "Operator money policy"): `policy.decide`, the one
 * port every operator-decided payment asks inside its money transaction, `setups`, the ceilings a
 * reward set-up is held to before it goes live, and `limits`, its
 * thresholds as settings (lowered at once, raised by two operators).
 */
export function createOperatorMoneyService(ctx: OperatorMoneyContext) {
  return {
    policy: createOperatorMoneyPolicy(),
    /** The reward set-ups' ceilings: above them a set-up waits for a second operator before it goes live. */
    setups: createSetupCeilings(),
    limits: createMoneyLimits({ db: ctx.db, audit: ctx.audit, operators: ctx.operators }),
  };
}

export type OperatorMoneyService = ReturnType<typeof createOperatorMoneyService>;
