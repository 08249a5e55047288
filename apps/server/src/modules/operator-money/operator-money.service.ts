import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import { createMoneyLimits } from './operator-money-limits';
import { createOperatorMoneyPolicy } from './operator-money-policy';

type OperatorMoneyContext = Pick<AppContext, 'db'> & {
  audit: Pick<AuditService, 'record'>;
  operators: Pick<OperatorService, 'namesOf'>;
};

/**
 * The operator money policy (docs/decisions.md, "Operator money policy"): `policy.decide`, the one
 * port every operator-decided payment asks inside its money transaction, and `limits`, its
 * thresholds as settings (lowered at once, raised by two operators).
 */
export function createOperatorMoneyService(ctx: OperatorMoneyContext) {
  return {
    policy: createOperatorMoneyPolicy(),
    limits: createMoneyLimits({ db: ctx.db, audit: ctx.audit, operators: ctx.operators }),
  };
}

export type OperatorMoneyService = ReturnType<typeof createOperatorMoneyService>;
