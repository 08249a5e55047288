import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { MessagesService } from '../messages/messages.service';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { OperatorService } from '../operator/operator.service';
import type { SecurityService } from '../security/security.service';
import type { SessionService } from '../session/session.service';
import type { SystemService } from '../system/system.service';
import { createAdjustmentsService } from './adjustments.service';
import { createPlayerActions } from './player-actions';
import { createPlayersService } from './players.service';

/** The back office's player administration: search and player page, changes, manual adjustments. */
export function wirePlayers(
  ctx: AppContext,
  deps: {
    system: SystemService;
    audit: AuditService;
    security: SecurityService;
    session: SessionService;
    messages: MessagesService;
    ledger: LedgerService;
    operators: OperatorService;
    operatorMoney: OperatorMoneyService;
    licence: LicenceService;
  },
) {
  const { system, audit, session } = deps;
  const players = createPlayersService({ ...ctx, system, audit, security: deps.security });
  const playerActions = createPlayerActions({ ...ctx, audit, session, messages: deps.messages, system, players });
  // An adjustment is an operator's payment: the money policy and the operator's limits, and the licence's doors.
  const adjustments = createAdjustmentsService({
    ...ctx,
    ledger: deps.ledger,
    audit,
    operators: deps.operators,
    players,
    moneyPolicy: deps.operatorMoney.policy,
    moneyLimits: deps.operatorMoney.limits,
    licence: deps.licence.policy,
  });
  return { players, playerActions, adjustments };
}
