import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { normalizeCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import { ageOn, jurisdictionRules, type JurisdictionProfile, type JurisdictionRules } from '@wps/shared/jurisdiction';
import { localDayKey } from '@wps/shared/reward-periods';
import type { SupplyIdentityBody } from '@wps/shared/schemas/identity';
import { readRegistrationDetails, type RegistrationDetailFailure } from '@wps/shared/registration-details';
import { matchesPattern } from '@wps/shared/validation-patterns';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { IdentityGate, RegistrationIdentity } from '../member/member-core';
import type { FieldFailure } from '../member/member-helpers';
import { barredOf, type BarredListProvider } from './barred-list';
import { createBarredHits } from './barred-hits';
import {
  clearCheckedOn,
  findCheckedOnForShare,
  findIdentitiesAfter,
  findLatestHitId,
  findLoginIdentity,
  insertHit,
  insertIdentity,
  isCpfTaken,
  markCheckedOn,
  type NewHit,
} from './identity.repository';
import { confirmContact, isContactConfirmationPending } from './identity-records.repository';

type Db = Kysely<Database>;

/** A registration detail's failure as the form's field errors carry it (no pattern id: the form words it by field). */
function detailFailure(f: RegistrationDetailFailure): FieldFailure {
  return { field: f.field, code: f.code, patternId: 0, min: 0, max: 0 };
}

/** How many identities the sweep reads (and asks the provider about) per page. */
const SWEEP_PAGE = 1000;

export type IdentityContext = {
  db: Db;
  log: Pick<Logger, 'info' | 'warn'>;
  audit: Pick<AuditService, 'record'>;
  /** The operator's jurisdiction profile, read fresh (services.ts). */
  jurisdiction: () => Promise<JurisdictionProfile>;
  /** The barred-persons provider; null when none may run (the sandbox with NODE_ENV=production unallowed): checks then refuse. */
  provider: BarredListProvider | null;
  /** End every session of a barred member, in the hit's transaction (the session module). */
  endSessions: (trx: Db, memberId: string) => Promise<void>;
  /** Lift the identity block of a member's sessions once the CPF is written, in that transaction (the session module). */
  clearIdentityRequired: (trx: Db, memberId: string) => Promise<void>;
  /** The inbox (the messages module): a barred member is told of their withdrawal window, in the hit's transaction. */
  notify: (trx: Db, notice: { memberId: string; kind: string; params: Record<string, string> }) => Promise<void>;
  /** A member's main-wallet balance (the ledger), inside the caller's transaction when given (PGlite has one connection). */
  balance: (memberId: string, trx?: Db) => Promise<bigint>;
  accountNames: (memberIds: string[]) => Promise<Map<string, string>>;
  /** The operator's time zone (the rewards engine keeps it): what "today" is. */
  timeZone: (db: Db) => Promise<string>;
  /** The calendar clock (the test clock door moves it); Date.now when absent. */
  now?: (() => number) | undefined;
};

/**
 * Identity under a jurisdiction that identifies players (docs/compliance.md, "Identity" and
 * "Barred persons"): the CPF and date of birth a registration carries, one account per CPF, the
 * minimum age, and the regulator's barred-persons list asked at sign-up, at the first login of
 * each operator day and for the whole base every 15 days (barred-list-sweep.job.ts).
 */
export function createIdentityService(ctx: IdentityContext) {
  const { db, log, provider } = ctx;
  const now = ctx.now ?? Date.now;

  async function rules(): Promise<JurisdictionRules> {
    return jurisdictionRules(await ctx.jurisdiction());
  }

  /** The operator's day now, YYYY-MM-DD. */
  async function today(): Promise<string> {
    return localDayKey(new Date(now()), await ctx.timeZone(db));
  }

  function requireProvider(): BarredListProvider {
    if (!provider)
      throw new AppError(
        ErrorCode.BARRED_LIST_UNAVAILABLE,
        'The barred-persons list cannot be checked now; try again later',
      );
    return provider;
  }

  /** Ask the list about CPFs; a provider failure is BARRED_LIST_UNAVAILABLE (nothing was done), never a pass. */
  async function askList(cpfs: string[]) {
    try {
      return await barredOf(requireProvider(), cpfs);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err }, 'barred-persons list check failed');
      throw new AppError(
        ErrorCode.BARRED_LIST_UNAVAILABLE,
        'The barred-persons list cannot be checked now; try again later',
      );
    }
  }

  const hits = createBarredHits({
    db,
    audit: ctx.audit,
    balance: ctx.balance,
    accountNames: ctx.accountNames,
    notify: ctx.notify,
    now,
  });

  /**
   * Record a member's hit in one transaction: the clear day forgotten first (under the identity
   * row's lock, so a session opening at that moment either committed before, and loses its session
   * here, or reads the forgotten day and is refused), the hit, the withdrawal window with its
   * notice on the episode's first hit, and every session ended. `also` writes in the same
   * transaction (a supplied identity). Answers whether the hit is new.
   */
  async function recordMemberHit(
    hit: NewHit & { memberId: string },
    also?: (trx: Db) => Promise<void>,
  ): Promise<boolean> {
    const profile = await ctx.jurisdiction();
    return runInTransaction(db, async (trx) => {
      if (also) await also(trx);
      await clearCheckedOn(trx, hit.memberId);
      const id = await insertHit(trx, hit);
      if (id) await hits.openWindow(trx, { id, memberId: hit.memberId, profile });
      await ctx.endSessions(trx, hit.memberId);
      return id !== null;
    });
  }

  /** The identity a registration or a pre-switch account gives, checked: the calendar, the age, one account per CPF. */
  async function checkIdentity(profileRules: JurisdictionRules, cpf: string, birthDate: string): Promise<string> {
    const day = await today();
    if (birthDate > day)
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid input: birthDate', {
        fields: [{ field: 'birthDate', code: 'pattern', patternId: 11, min: 10, max: 10 }],
      });
    if (profileRules.minimumAge !== null && ageOn(birthDate, day) < profileRules.minimumAge) {
      throw new AppError(ErrorCode.UNDER_MINIMUM_AGE, `Players must be at least ${profileRules.minimumAge} years old`, {
        minimumAge: profileRules.minimumAge,
      });
    }
    if (await isCpfTaken(db, cpf)) throw new AppError(ErrorCode.CPF_TAKEN, 'An account already exists for this CPF');
    return day;
  }

  /** The identity fields' failures (the registration form's patterns), and the CPF's digits when valid. */
  function readIdentityFields(input: { cpf?: string | undefined; birthDate?: string | undefined }) {
    const failures: FieldFailure[] = [];
    const cpfText = input.cpf?.trim() ?? '';
    const cpf = cpfText === '' ? null : normalizeCpf(cpfText);
    if (cpfText === '') failures.push({ field: 'cpf', code: 'required', patternId: 6, min: 11, max: 11 });
    else if (!cpf) failures.push({ field: 'cpf', code: 'pattern', patternId: 6, min: 11, max: 11 });
    const birthDate = input.birthDate?.trim() ?? '';
    if (birthDate === '') failures.push({ field: 'birthDate', code: 'required', patternId: 11, min: 10, max: 10 });
    else if (!matchesPattern(11, birthDate) || birthDate < '1900-01-01')
      failures.push({ field: 'birthDate', code: 'pattern', patternId: 11, min: 10, max: 10 });
    return { failures, cpf, birthDate };
  }

  const gate: IdentityGate = {
    async registration(input): Promise<RegistrationIdentity | null> {
      const profileRules = await rules();
      if (profileRules.identity !== 'cpf') return null;
      const { failures, cpf, birthDate } = readIdentityFields(input);
      // The registration data the licence asks for besides the identity (Portaria SPA/MF
      // 1.231/2024 as amended by 2.579/2025): the residential address and the gender.
      const details = readRegistrationDetails(input, {
        address: profileRules.addressAtSignUp,
        gender: profileRules.genderAtSignUp,
      });
      failures.push(...details.failures.map(detailFailure));
      // A new account confirms a contact before it stakes or moves money, unless the
      // registration confirmed one itself (a mobile number with its SMS code).
      const contactPending = profileRules.contactConfirmation && !input.contactConfirmed;
      return {
        failures,
        async admit() {
          // Only reached once every field passed.
          if (!cpf) throw new Error('unreachable: admit without a valid CPF');
          const day = await checkIdentity(profileRules, cpf, birthDate);
          if (profileRules.barredList) {
            const reason = (await askList([cpf])).get(cpf);
            if (reason) {
              await insertHit(db, { memberId: null, cpf, reason, check: 'signup', day });
              // The reason stays in the back office: the player is only told the account cannot be opened.
              throw new AppError(ErrorCode.REGISTRATION_REFUSED, 'An account cannot be opened with these details');
            }
          }
          const detailsRow = {
            address: details.address,
            gender: details.gender,
            contactConfirmationRequired: profileRules.contactConfirmation,
            contactConfirmedAt: profileRules.contactConfirmation && !contactPending ? new Date(now()) : null,
          };
          return (trx, memberId) =>
            insertIdentity(trx, { memberId, cpf, birthDate, checkedOn: day, details: detailsRow });
        },
      };
    },

    /**
     * The barred-persons list at the first session of the operator's day, asked here, outside any
     * transaction: it is an outside call (a provider's latency or failure must not hold a
     * transaction or its locks open). Its verdict is recorded: a clear CPF as the day it was
     * found clear (`barred_checked_on`), a barred one as a hit that forgets that day. The
     * transaction that opens the session then asks the licence's `session.open` door, whose check
     * (`isClearToday`) reads that record under the identity row's lock: a session opens only for a
     * CPF found clear this operator day, whichever path opened it and whether or not it called this.
     */
    async beforeLogin(memberId) {
      const profileRules = await rules();
      if (!profileRules.barredList) return;
      // Accounts without a CPF (made before the profile changed, trial accounts) have nothing to ask about.
      const identity = await findLoginIdentity(db, memberId);
      if (!identity) return;
      const day = await today();
      if (identity.checkedOn === day) return;
      const latestHit = await findLatestHitId(db, memberId);
      const reason = (await askList([identity.cpf])).get(identity.cpf);
      // A hit recorded while the list was asked (the sweep) stands over this older clear answer.
      if (reason || !(await markCheckedOn(db, memberId, day, latestHit))) {
        if (reason) await recordMemberHit({ memberId, cpf: identity.cpf, reason, check: 'login', day });
        throw new AppError(ErrorCode.ACCOUNT_RESTRICTED, 'This account cannot be used; contact support');
      }
    },

    async isIdentityMissing(memberId) {
      if ((await rules()).identity !== 'cpf') return false;
      return (await findLoginIdentity(db, memberId)) === undefined;
    },
  };

  return {
    gate,
    /** A member's CPF (`trx` inside the caller's transaction), null without one: a self-exclusion refuses new accounts with it. */
    cpfOf: async (trx: Kysely<Database>, memberId: string): Promise<string | null> =>
      (await findLoginIdentity(trx, String(memberId)))?.cpf ?? null,
    hits,
    /**
     * Whether the member registered under a licence that asks for a confirmed contact and has not
     * confirmed one yet (in the caller's transaction): the licence's money and stake doors refuse
     * them (licence-checks.ts). Accounts from before the rule have nothing pending.
     */
    isContactPending: (trx: Db, memberId: string): Promise<boolean> =>
      isContactConfirmationPending(trx, String(memberId)),
    /** The same, for the member's own screen (GET /wps/member/contact-confirmation), under the licence in force. */
    contactPending: async (memberId: string): Promise<boolean> =>
      (await rules()).contactConfirmation && (await isContactConfirmationPending(db, String(memberId))),
    /**
     * A contact the member confirmed by a code (the security module's e-mail or mobile link), in
     * that link's transaction: it settles a pending confirmation; answers whether one was pending.
     */
    contactConfirmed: (trx: Db, memberId: string, by: 'email' | 'sms'): Promise<boolean> =>
      confirmContact(trx, String(memberId), by, new Date(now())),
    /** The calendar clock the daily check and the 15-day sweep both count by (barred-list-sweep.job.ts). */
    clock: now,

    /**
     * The `session.open` door's check (licence-checks.ts), in the transaction that opens the
     * session: true when the member has no CPF (nothing to ask the list about; whether the licence
     * lets an unidentified account in is the identity rule's) or the CPF was found clear this
     * operator day. Read under the identity row's share lock (see recordMemberHit).
     */
    async isClearToday(trx: Db, memberId: string): Promise<boolean> {
      const row = await findCheckedOnForShare(trx, memberId);
      if (!row) return true;
      return row.checkedOn === localDayKey(new Date(now()), await ctx.timeZone(trx));
    },

    /**
     * POST /wps/member/identity: an account made before the operator switched to a licence that
     * identifies players gives its CPF and date of birth, through the same checks as a
     * registration (check digits, the calendar, the minimum age, one account per CPF, the
     * barred-persons list). The identity and the lifted block of the member's sessions commit
     * together. A barred CPF is written all the same, with the member's hit (its window and
     * notice) and the sessions ended: the account is identified and barred (ACCOUNT_RESTRICTED).
     */
    async supplyIdentity(memberId: string, input: SupplyIdentityBody): Promise<void> {
      const profileRules = await rules();
      // Already identified (a retried request), or a licence that asks for none: nothing to take.
      if (profileRules.identity !== 'cpf' || (await findLoginIdentity(db, memberId)) !== undefined) {
        await runInTransaction(db, (trx) => ctx.clearIdentityRequired(trx, memberId));
        return;
      }
      const { failures, cpf, birthDate } = readIdentityFields(input);
      if (failures.length > 0 || !cpf)
        throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${failures.map((f) => f.field).join(', ')}`, {
          fields: failures,
        });
      const day = await checkIdentity(profileRules, cpf, birthDate);
      const reason = profileRules.barredList ? (await askList([cpf])).get(cpf) : undefined;
      const write = async (trx: Db) => {
        await insertIdentity(trx, { memberId, cpf, birthDate, checkedOn: reason ? null : day });
        await ctx.clearIdentityRequired(trx, memberId);
      };
      try {
        if (!reason) return await runInTransaction(db, write);
        await recordMemberHit({ memberId, cpf, reason, check: 'login', day }, write);
      } catch (err) {
        // Two accounts giving one CPF at once: the unique index decides, as at sign-up.
        if (isUniqueViolation(err, 'member_identities_cpf_key'))
          throw new AppError(ErrorCode.CPF_TAKEN, 'An account already exists for this CPF');
        throw err;
      }
      throw new AppError(ErrorCode.ACCOUNT_RESTRICTED, 'This account cannot be used; contact support');
    },

    /**
     * The 15-day sweep of the whole base (one period of barred-list-sweep.job.ts): every CPF asked,
     * page by page; each barred member gets a hit keyed by the period's first day and loses their
     * sessions. A period that runs again (a taken-over claim) adds no hit. Answers the hits found.
     */
    async sweep(period: { start: Date }): Promise<number> {
      if (!(await rules()).barredList) return 0;
      const day = localDayKey(period.start, await ctx.timeZone(db));
      let after = '0';
      let found = 0;
      for (;;) {
        const page = await findIdentitiesAfter(db, after, SWEEP_PAGE);
        if (page.length === 0) break;
        const barred = await askList(page.map((row) => row.cpf));
        for (const row of page) {
          const reason = barred.get(row.cpf);
          if (reason && (await recordMemberHit({ memberId: row.memberId, cpf: row.cpf, reason, check: 'sweep', day })))
            found += 1;
        }
        after = page[page.length - 1]!.memberId;
      }
      return found;
    },
  };
}

/** Whether a database error is a unique violation of `constraint` (PGlite names it only in the message). */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return false;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(`"${constraint}"`));
}

export type IdentityService = ReturnType<typeof createIdentityService>;
