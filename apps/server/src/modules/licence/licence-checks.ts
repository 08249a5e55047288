import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LicenceCheck } from './licence-policy';

type Db = Kysely<Database>;

/**
 * The checks the composition root wires to the licence's doors (services.ts). Each names the rule
 * of licence.ts it enforces; the facts it needs come from the module that owns them.
 */

/** Money between two players' wallets only where the licence allows it (BR: no betting through someone else). */
export const transfersBetweenPlayers: LicenceCheck = {
  name: 'transfers between players allowed (transfersBetweenPlayers)',
  breaks: async (_trx, { rules }) => (rules.transfersBetweenPlayers ? null : 'transfersBetweenPlayers'),
};

/**
 * Under a licence that identifies every bettor by a national number, an account without one
 * (made before the operator switched, or by a path that did not ask) neither stakes nor receives
 * money until it is identified. `cpfOf` is the identity module's reader, in the caller's transaction.
 */
export function identifiedBettor(cpfOf: (trx: Db, memberId: string) => Promise<string | null>): LicenceCheck {
  return {
    name: 'the account is identified where the licence identifies players (identity)',
    breaks: async (trx, { rules, subject }) =>
      rules.identity === 'none' || (await cpfOf(trx, subject.memberId)) !== null ? null : 'identity',
  };
}

/**
 * Under a licence with a barred-persons list, a session opens only for a CPF the list found clear
 * this operator day (IN SPA/MF 31/2025: the list at the first login of each day). The list itself
 * is an outside call, asked before the session's transaction by the identity module
 * (`beforeLogin`), which records its verdict; this check reads that record inside the transaction
 * that opens the session, under the identity row's lock, so a session no path asked about, or one
 * racing a hit (the sweep, another login), is refused rather than let through. `isClearToday` is
 * the identity module's reader, in the caller's transaction.
 */
export function clearedOfBarredList(isClearToday: (trx: Db, memberId: string) => Promise<boolean>): LicenceCheck {
  return {
    name: 'the CPF was found clear on the barred-persons list this operator day (barredList)',
    breaks: async (trx, { rules, subject }) =>
      !rules.barredList || (await isClearToday(trx, subject.memberId)) ? null : 'barredList',
  };
}

/**
 * Wired to the stake door: under a licence that identifies players, no
 * stake from an account without a CPF, and, where the licence asks for an identity check (kyc), none
 * before that check passed (Portaria SPA/MF 722/2024: identity before play). Both facts are the
 * identity and KYC modules' readers, in the caller's transaction, so the decision commits with the
 * stake. Under a licence that asks neither, nothing is read.
 */
export function identifiedAndVerified(
  cpfOf: (trx: Db, memberId: string) => Promise<string | null>,
  /** `boundOnly`: the licence identifies players, so only a check bound to the registered CPF counts. */
  passedIdentityCheck: (trx: Db, memberId: string, boundOnly: boolean) => Promise<boolean>,
): LicenceCheck {
  return {
    name: 'the bettor is identified and passed the identity check where the licence asks (identity, kyc)',
    breaks: async (trx, { rules, subject }) => {
      if (rules.identity !== 'none' && (await cpfOf(trx, subject.memberId)) === null) return 'identity';
      if (rules.kyc && !(await passedIdentityCheck(trx, subject.memberId, rules.identity !== 'none'))) return 'kyc';
      return null;
    },
  };
}

/**
 * Wired to the doors that move or stake money: under a licence that asks for a confirmed contact,
 * an account registered without one (by username) neither stakes nor moves money until it enters a
 * code sent to its e-mail or mobile (the security module's link). Accounts from before the rule
 * have nothing pending. `isContactPending` is the identity module's reader, in the caller's
 * transaction. The refusal carries its own code (CONTACT_CONFIRMATION_REQUIRED: licence-policy.ts),
 * so the site can offer the step that settles it.
 */
export function confirmedContact(isContactPending: (trx: Db, memberId: string) => Promise<boolean>): LicenceCheck {
  return {
    name: 'the account confirmed an e-mail or a mobile number where the licence asks (contactConfirmation)',
    breaks: async (trx, { rules, subject }) =>
      rules.contactConfirmation && (await isContactPending(trx, subject.memberId)) ? 'contactConfirmation' : null,
  };
}

/**
 * Wired to the stake door: under a licence whose certifiedGames rule asks that every online game
 * offered be certified by an accredited lab (BR), a new round of a house original with no
 * certificate on record is refused (GAME_NOT_CERTIFIED), in the transaction that places it. Only a
 * subject naming a `game` (the in-house module sets it for its originals) is checked; a vendor's
 * games come under the vendor's own certification. `isCertified` is the in-house module's reader,
 * in the caller's transaction.
 */
export function certifiedHouseGame(isCertified: (trx: Db, nodeId: string) => Promise<boolean>): LicenceCheck {
  return {
    name: 'a house original holds a lab certificate where the licence asks (certifiedGames)',
    breaks: async (trx, { rules, subject }) =>
      rules.certifiedGames && subject.game !== undefined && !(await isCertified(trx, subject.game))
        ? 'certifiedGames'
        : null,
  };
}
