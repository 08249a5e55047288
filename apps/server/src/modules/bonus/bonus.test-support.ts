import crypto from 'node:crypto';
import type { App } from '../../app';
import { PLAYER_BONUS } from '../ledger/ledger.types';
import type { RewardGrant } from '../rewards/reward-grants.types';

/** Pay a bonus grant through the bonus payer the rewards engine calls, in a transaction of its own. */
export async function giveBonus(
  app: App,
  memberId: string,
  amount: bigint,
  params: Record<string, unknown> = {},
): Promise<string> {
  const grantId = String(crypto.randomInt(1, 2 ** 47));
  const grant: RewardGrant = {
    grantId,
    memberId,
    kind: 'bonus',
    amount,
    currency: 'BRL',
    source: 'operator',
    sourceRef: 'test',
    idempotencyKey: `reward:${grantId}`,
    params,
  };
  await app.services.ledger.transaction((trx) => app.services.bonus.sink.pay(trx, grant));
  return grantId;
}

/** The player's bonus-account balance. */
export async function bonusBalance(app: App, memberId: string): Promise<bigint> {
  return app.services.ledger.getMemberAccountBalance(memberId, PLAYER_BONUS, 'BRL');
}
