import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import { createIdentityDirectory } from '../identity/identity-directory';
import type { MemberService } from '../member/member.service';
import { createMonitoringSignals } from '../monitoring/monitoring-signals';
import type { OperatorService } from '../operator/operator.service';
import type { PlayersService } from '../players/players.service';
import type { SystemService } from '../system/system.service';
import { amlOperationsOf } from './aml-operations';
import { loadAmlSettings } from './aml-settings';
import { createAmlService } from './aml.service';
import { createSandboxCoaf } from './sandbox-coaf';
import { createSandboxPep } from './sandbox-pep';

/**
 * Anti-money laundering (docs/compliance.md): PEP screening through the identity gate at sign-up
 * and in the daily sweep, ratings from the monitoring flags, the case queue and its COAF report.
 */
export function wireAml(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    member: MemberService;
    operators: OperatorService;
    players: PlayersService;
    system: SystemService;
  },
) {
  const { audit, member, operators, system } = deps;
  const sandbox = loadAmlSettings().isSandboxEnabled
    ? { pep: createSandboxPep({ db: ctx.db, audit }), coaf: createSandboxCoaf({ db: ctx.db }) }
    : null;
  const aml = createAmlService({
    db: ctx.db,
    log: ctx.log,
    audit,
    pepProvider: sandbox?.pep.provider ?? null,
    coafSender: sandbox?.coaf ?? null,
    identities: createIdentityDirectory({ db: ctx.db }),
    signals: createMonitoringSignals({ db: ctx.db }),
    accountNames: (ids) => member.findAccountNames(ids),
    operatorNames: (ids) => operators.namesOf(ids),
    operations: amlOperationsOf(deps.players),
    communicant: async () => (await system.getOperatorConfig()).operatorIdentity,
    money: async () => {
      const brand = await system.getBrand();
      return { currency: brand.currency, scale: brand.currencyScale };
    },
    now: ctx.calendarClock,
  });
  return { aml, amlPepSandbox: sandbox?.pep ?? null };
}
