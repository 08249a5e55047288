import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { normalizeCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import { ageOn, jurisdictionRules, type JurisdictionProfile, type JurisdictionRules } from '@wps/shared/jurisdiction';
import { localDayKey } from '@wps/shared/reward-periods';
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
  findIdentitiesAfter,
  findLoginIdentity,
  insertHit,
  insertIdentity,
  isCpfTaken,
  markCheckedOn,
  type NewHit,
} from './identity.repository';

type Db = Kysely<Database>;

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

  /** Record a member's hit and end their sessions in one transaction; answers whether the hit is new. */
  async function recordMemberHit(hit: NewHit & { memberId: string }): Promise<boolean> {
    return runInTransaction(db, async (trx) => {
      const added = await insertHit(trx, hit);
      await ctx.endSessions(trx, hit.memberId);
      return added;
    });
  }

  const gate: IdentityGate = {
    async registration(input): Promise<RegistrationIdentity | null> {
      const profileRules = await rules();
      if (profileRules.identity !== 'cpf') return null;
      const failures: FieldFailure[] = [];
      const cpfText = input.cpf?.trim() ?? '';
      const cpf = cpfText === '' ? null : normalizeCpf(cpfText);
      if (cpfText === '') failures.push({ field: 'cpf', code: 'required', patternId: 6, min: 11, max: 11 });
      else if (!cpf) failures.push({ field: 'cpf', code: 'pattern', patternId: 6, min: 11, max: 11 });
      const birthDate = input.birthDate?.trim() ?? '';
      if (birthDate === '') failures.push({ field: 'birthDate', code: 'required', patternId: 11, min: 10, max: 10 });
      else if (!matchesPattern(11, birthDate) || birthDate < '1900-01-01')
        failures.push({ field: 'birthDate', code: 'pattern', patternId: 11, min: 10, max: 10 });
      return {
        failures,
        async admit() {
          // Only reached once every field passed.
          if (!cpf) throw new Error('unreachable: admit without a valid CPF');
          const day = await today();
          if (birthDate > day)
            throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid input: birthDate', {
              fields: [{ field: 'birthDate', code: 'pattern', patternId: 11, min: 10, max: 10 }],
            });
          if (profileRules.minimumAge !== null && ageOn(birthDate, day) < profileRules.minimumAge) {
            throw new AppError(
              ErrorCode.UNDER_MINIMUM_AGE,
              `Players must be at least ${profileRules.minimumAge} years old`,
              { minimumAge: profileRules.minimumAge },
            );
          }
          if (await isCpfTaken(db, cpf))
            throw new AppError(ErrorCode.CPF_TAKEN, 'An account already exists for this CPF');
          if (profileRules.barredList) {
            const reason = (await askList([cpf])).get(cpf);
            if (reason) {
              await insertHit(db, { memberId: null, cpf, reason, check: 'signup', day });
              // The reason stays in the back office: the player is only told the account cannot be opened.
              throw new AppError(ErrorCode.REGISTRATION_REFUSED, 'An account cannot be opened with these details');
            }
          }
          return (trx, memberId) => insertIdentity(trx, { memberId, cpf, birthDate, checkedOn: day });
        },
      };
    },

    async beforeLogin(memberId) {
      const profileRules = await rules();
      if (!profileRules.barredList) return;
      // Accounts without a CPF (made before the profile changed, trial accounts) have nothing to ask about.
      const identity = await findLoginIdentity(db, memberId);
      if (!identity) return;
      const day = await today();
      if (identity.checkedOn === day) return;
      const reason = (await askList([identity.cpf])).get(identity.cpf);
      if (reason) {
        await recordMemberHit({ memberId, cpf: identity.cpf, reason, check: 'login', day });
        throw new AppError(ErrorCode.ACCOUNT_RESTRICTED, 'This account cannot be used; contact support');
      }
      await markCheckedOn(db, memberId, day);
    },
  };

  return {
    gate,
    /** A member's CPF (`trx` inside the caller's transaction), null without one: a self-exclusion refuses new accounts with it. */
    cpfOf: async (trx: Kysely<Database>, memberId: string): Promise<string | null> =>
      (await findLoginIdentity(trx, String(memberId)))?.cpf ?? null,
    hits: createBarredHits({ db, audit: ctx.audit, balance: ctx.balance, accountNames: ctx.accountNames, now }),

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

export type IdentityService = ReturnType<typeof createIdentityService>;
