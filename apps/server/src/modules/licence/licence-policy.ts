import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  LICENCE_DOORS,
  licenceRules,
  ruleSource,
  type JurisdictionProfile,
  type LicenceDoor,
  type LicenceRule,
  type LicenceRules,
  type ProductClass,
} from '@wps/shared/licence';
import type { Database } from '../../db/schema';
import { requestContext } from '../../logger';
import { AppError } from '../../http/app-error';
import { findLicence, shareLicence } from './licence.repository';
import { heldForTransaction } from '../../db/transaction-memo';

type Db = Kysely<Database>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The licence doors a route's work asks (packages/shared/src/licence.ts). The port refuses an
     * ask at a door its route did not declare, so the route table is the inventory of entry points
     * (test/licence-doors.test.ts lists it).
     */
    licenceDoors?: readonly LicenceDoor[];
  }
}

/**
 * Who is at the door: the player (or agent) the account, session or money belongs to; at the
 * stake door, the class of product staked on when it is one a licence may forbid (licence-products.ts),
 * and the node id of a house original staked on, which a licence may ask a lab certificate of
 * (licence-checks.ts `certifiedHouseGame`).
 */
export type LicenceSubject = { memberId: string; product?: ProductClass; game?: string };

/**
 * One check a door makes: given the profile's rules and the subject, the rule the subject's
 * request breaks, or null. Modules that know the facts (the identity module knows who has a CPF)
 * write the check; the composition root wires it to its doors.
 */
export type LicenceCheck = {
  /** What it checks, as the inventory and the back office list it. */
  name: string;
  breaks: (
    trx: Db,
    at: { rules: LicenceRules; subject: LicenceSubject; door: LicenceDoor },
  ) => Promise<LicenceRule | null>;
};

/**
 * Rules whose refusal the player settles by a step of their own, with a code of its own so the
 * site can offer that step; every other rule refuses as LICENCE_REFUSED. Same details either way.
 */
/**
 * The licence as `trx` holds it: the first door asked in a transaction reads the licence row FOR
 * SHARE, and that lock lasts until the transaction ends (or rolls back past it), so no switch can
 * commit meanwhile and a later door in the same transaction need not read it again. A lottery
 * batch asks the stake door once per ticket; each ask was a round trip and one more share lock
 * on the one licence row.
 */
const LICENCE_HELD = Symbol('licence profile held FOR SHARE');
const profileHeldBy = (trx: Db) => heldForTransaction(trx, LICENCE_HELD, () => shareLicence(trx));

const REFUSAL_CODES: Partial<Record<LicenceRule, ErrorCode>> = {
  contactConfirmation: ErrorCode.CONTACT_CONFIRMATION_REQUIRED,
  certifiedGames: ErrorCode.GAME_NOT_CERTIFIED,
};

declare const verdictBrand: unique symbol;
/** Proof that a door was asked and let the subject through, in the transaction that acts on it. */
export type LicenceVerdict = {
  readonly door: LicenceDoor;
  readonly profile: JurisdictionProfile;
  readonly memberId: string;
  readonly [verdictBrand]: true;
};

/**
 * The licence port: the one place every door asks whether the operator's licence lets a subject
 * through. It fails closed. A door nobody wired a check to is refused (LICENCE_DOOR_NOT_WIRED),
 * so a door added to LICENCE_DOORS is shut until the composition root says what it checks; a door
 * whose checks are all satisfied is wired with them all the same, so the inventory shows it.
 *
 * `ask` reads the profile in the caller's transaction, the one that creates the account, opens the
 * session or moves the money, so the decision and the act commit together.
 */
export function createLicencePolicy({ db }: { db: Db }) {
  const wired = new Map<LicenceDoor, LicenceCheck[]>();

  return {
    /** Wire checks to a door (composition root). A door wired with no check asks only for the profile. */
    wire(door: LicenceDoor, ...checks: LicenceCheck[]): void {
      wired.set(door, [...(wired.get(door) ?? []), ...checks]);
    },

    /** Ask `door` for `subject` inside `trx`; throws LICENCE_REFUSED naming the rule and its source. */
    async ask(trx: Db, door: LicenceDoor, subject: LicenceSubject): Promise<LicenceVerdict> {
      const checks = wired.get(door);
      if (!checks)
        throw new AppError(ErrorCode.LICENCE_DOOR_NOT_WIRED, `No licence check is wired to the door ${door}`, { door });
      // Within a request, only at a door its route declares: an entry point missing from the
      // inventory is shut, not let through. Jobs and consumers ask outside any request.
      const request = requestContext.getStore();
      if (request && !request.licenceDoors?.includes(door))
        throw new AppError(ErrorCode.LICENCE_DOOR_NOT_WIRED, `This route does not declare the licence door ${door}`, {
          door,
        });
      const profile = await profileHeldBy(trx);
      const rules = licenceRules(profile);
      for (const check of checks) {
        const rule = await check.breaks(trx, { rules, subject, door });
        if (rule)
          throw new AppError(
            REFUSAL_CODES[rule] ?? ErrorCode.LICENCE_REFUSED,
            `The ${profile} licence refuses this (${rule})`,
            {
              door,
              rule,
              profile,
              source: ruleSource(profile, rule),
              ...(subject.game !== undefined ? { game: subject.game } : {}),
            },
          );
      }
      return { door, profile, memberId: subject.memberId } as LicenceVerdict;
    },

    /** The profile in force (what a screen shows; a decision asks a door instead). */
    async profile(dbOrTrx: Db = db): Promise<JurisdictionProfile> {
      return (await findLicence(dbOrTrx)).profile;
    },

    /** Every door with the checks wired to it, in LICENCE_DOORS order (the inventory, the back office). */
    doors(): { door: LicenceDoor; checks: string[]; wired: boolean }[] {
      return LICENCE_DOORS.map((door) => ({
        door,
        wired: wired.has(door),
        checks: (wired.get(door) ?? []).map((c) => c.name),
      }));
    },
  };
}

export type LicencePolicy = ReturnType<typeof createLicencePolicy>;
