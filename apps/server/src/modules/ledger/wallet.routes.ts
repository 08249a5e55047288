import { formatMinor } from '@wps/shared/money';
import type { BalanceResult } from '@wps/shared/schemas/wallet';
import { balanceResultSchema } from '@wps/shared/schemas/wallet';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { PLAYER_MAIN } from './ledger.service';
import { PLAYER_BONUS } from './ledger.types';

/** Wallet calls: the player's balance in the operator currency. */
export function registerWalletRoutes(app: RouteApp, services: AppServices): void {
  // Learn the operator currency before the first request, so wallets created inside a caller's
  // transaction never need a read outside it (PGlite has a single connection).
  app.addHook('onReady', async () => {
    try {
      await services.ledger.getOperatorCurrency();
    } catch (err) {
      app.log.warn({ err }, 'ledger: operator currency not readable at startup');
    }
  });

  app.get('/wps/v2/wallets/balance', { schema: { response: success(balanceResultSchema) } }, async (request) => {
    const member = await requireMember(request, { allowTrial: true });
    const brand = await services.system.getBrand();
    // Shown, not decided on: the in-memory copy (balance-cache.ts); money moves check the ledger itself.
    // Both accounts at once: from memory, or one statement for those not held.
    const [minor = 0n, bonusMinor = 0n] = await services.playerBalances.readMany(member.memberId, brand.currency, [
      PLAYER_MAIN,
      PLAYER_BONUS,
    ]);
    const value: BalanceResult = {
      sumBalance: formatMinor(minor, brand.currencyScale),
      sumBalanceMinor: minor.toString(),
      currency: brand.currency,
      scale: brand.currencyScale,
      bonusBalance: formatMinor(bonusMinor, brand.currencyScale),
      bonusBalanceMinor: bonusMinor.toString(),
    };
    return ok(value);
  });
}
