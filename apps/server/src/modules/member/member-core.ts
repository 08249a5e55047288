import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isTrialType, type WhitelabelModule } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LedgerKind } from '@wps/shared/ledger-kinds';
import type { RegistrationDetailsInput } from '@wps/shared/registration-details';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { checkPasswordRule } from './password-rule';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  findAffiliateCode,
  insertFreeplayGrant,
  insertMember,
  recordLogin,
  updatePassword,
  type AffiliateCodeRow,
  type CredentialRow,
  type NewMember,
} from './member.repository';
import { findUniqueViolation, insertWithUniqueRetry } from '../../db/unique-violation';
import {
  failFields,
  isCodeValidOn,
  required,
  type FieldFailure,
  type MemberContext,
  type RequestOrigin,
} from './member-helpers';
import { createPasswordHasher, isWeakPassword } from './password-hasher';
import { createPhoneNormaliser } from './phone-numbers';

type Db = Kysely<Database>;

const MAX_GENERATE_ATTEMPTS = 8;
const MAX_TRANSACTION_ATTEMPTS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How a new account's first money arrives (registration bonus, free-play demo balance). */
export type AccountCredit = {
  amountMinor: bigint;
  systemAccount: 'promotion_budget' | 'demo_bank';
  kind: LedgerKind;
  idempotencyKey: (id: string) => string;
};

/** Work done in a new account's transaction once the member row exists (an agent link's offers). */
export type AfterInsert = (trx: Db, memberId: string) => Promise<void>;

/**
 * The agents module's invitation links, behind an affiliate code: what a registration through the
 * code creates (a member or an agent), and what else happens in the registration's transaction.
 */
export type AffiliateLinks = {
  accountTypeFor: (code: string) => Promise<number | null>;
  onRegistered: (trx: Db, code: string, memberId: string) => Promise<void>;
};

/**
 * The identity module's checks under a jurisdiction that identifies players (docs/compliance.md):
 * what a registration must carry and be cleared by, and what a login must be cleared by. Wired in
 * services.ts; without it (or under the permissive profile) nothing changes.
 */
export type IdentityGate = {
  /** The registration's identity fields: null when the profile asks for none, else their failures and, once the rest passed, the checks. */
  registration(
    input: {
      cpf?: string | undefined;
      birthDate?: string | undefined;
      /**
       * The registration confirms a contact itself (a mobile number with its SMS code): under a
       * licence that asks for a confirmed contact the account needs no further step.
       */
      contactConfirmed: boolean;
    } & RegistrationDetailsInput,
  ): Promise<RegistrationIdentity | null>;
  /**
   * Before a session's transaction: ask what the licence needs asked outside it (the
   * barred-persons list at the day's first login) and refuse a login it does not allow; throws an
   * AppError. The transaction then asks the licence's `session.open` door, which reads the answer.
   */
  beforeLogin(memberId: string): Promise<void>;
  /** Whether the licence identifies players and this account has not given its CPF yet (an account from before the switch). */
  isIdentityMissing(memberId: string): Promise<boolean>;
};

/**
 * Work a password change or reset does in its own transaction besides the new hash and the
 * session revocations: the oidc module removes the account's provider links (docs/decisions.md,
 * "Linking a provider's sign-in"). Wired in services.ts.
 */
export type PasswordChangeEffect = (trx: Db, memberId: string) => Promise<void>;

export type RegistrationIdentity = {
  failures: FieldFailure[];
  /** The age, one-account-per-CPF and barred-list checks; answers the write done in the account's transaction. */
  admit(): Promise<AfterInsert>;
};

/**
 * What every member use case shares: transactions with retry, module switches, captcha and
 * password checks, opening sessions and creating accounts. The use-case files (registration,
 * login, passwords, profile) are built over one core.
 */
export function createMemberCore(ctx: MemberContext) {
  const { db, system, ledger, captcha, session } = ctx;
  const now = ctx.now ?? Date.now;
  const hasher = createPasswordHasher({ logN: ctx.config.scryptLogN });
  const phones = createPhoneNormaliser(system);
  let links: AffiliateLinks | null = null;
  let identity: IdentityGate | null = null;
  const passwordChangeEffects: PasswordChangeEffect[] = [];

  /** Run `fn` in a transaction, again on serialization failures and deadlocks. */
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>): Promise<T> =>
    runInTransaction(db, fn, { attempts: MAX_TRANSACTION_ATTEMPTS });

  async function requireModules(...modules: WhitelabelModule[]): Promise<void> {
    for (const module of modules) {
      if (!(await system.isModuleEnabled(module))) {
        throw new AppError(ErrorCode.FEATURE_DISABLED, 'This feature is not enabled', { module });
      }
    }
  }

  async function checkCaptcha(key: string | undefined, answer: string | undefined): Promise<void> {
    if (!key || !answer) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, 'Enter the captcha', { captcha: true });
    if (!(await captcha.verify(key, answer))) {
      throw new AppError(ErrorCode.CAPTCHA_INVALID, 'The captcha is wrong or has expired', { captcha: true });
    }
  }

  function checkNewPassword(
    settings: RegisterSettings,
    field: string,
    password: string | undefined,
    confirmField: string,
    confirm: string | undefined,
  ): string {
    const failures: FieldFailure[] = [];
    const error = checkPasswordRule(settings, password);
    if (error) failures.push({ field, ...error });
    if (!confirm) failures.push(required(confirmField));
    if (failures.length > 0) failFields(failures);
    if (password !== confirm) throw new AppError(ErrorCode.PASSWORD_MISMATCH, 'The passwords do not match');
    if (isWeakPassword(password ?? '')) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'This password is too common; choose another one');
    }
    return password ?? '';
  }

  async function resolveCode(code: string | undefined, domain: string | undefined): Promise<AffiliateCodeRow | null> {
    if (!code) return null;
    const row = await findAffiliateCode(db, code.trim());
    if (!row || !isCodeValidOn(row, domain)) {
      throw new AppError(ErrorCode.INVITATION_CODE_ERROR, 'The invitation code is not valid');
    }
    return row;
  }

  /**
   * Passwords do not expire by age (ASVS 5.0 V6.2.10) unless the operator turns
   * PWDEXPFORCECHANGE3 on: then one older than passwordMaxAgeDays must be changed at login.
   */
  async function passwordAge(row: CredentialRow): Promise<{ expired: boolean; forceChange: boolean }> {
    if (!(await system.isModuleEnabled('PWDEXPFORCECHANGE3'))) return { expired: false, forceChange: false };
    const maxAgeDays = (await system.getOperatorConfig()).passwordMaxAgeDays;
    const expired = maxAgeDays > 0 && row.passwordChangedAt.getTime() + maxAgeDays * DAY_MS <= now();
    return { expired, forceChange: expired };
  }

  function pickLanguage(language: string | undefined): string {
    const code = language?.trim().toUpperCase();
    return code && (LANGUAGE_CODES as readonly string[]).includes(code) ? code : DEFAULT_LANGUAGE;
  }

  /** Open a session for an existing account after its credentials were checked. */
  async function startSession(
    row: CredentialRow,
    origin: RequestOrigin,
    opts: {
      mustChangePassword: boolean;
      passwordExpired: boolean;
      persistMustChange?: boolean;
      upgradedHash?: string | undefined;
      /** A refresh: the sign-in (refresh family) the new session belongs to. */
      refreshFamilyId?: string | undefined;
    },
  ): Promise<LoginResult> {
    if (row.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account is disabled');
    if (identity) await identity.beforeLogin(row.id);
    // An account from before the switch to a licence that identifies players is asked for its CPF
    // now: its session takes nothing else until it is given (requireMember, IDENTITY_REQUIRED).
    // Read before the transaction: it is what the site asks of the player, not a guard of money;
    // the money doors refuse an unidentified account by themselves, in their own transactions.
    const identityRequired = identity !== null && !isTrialType(row.type) && (await identity.isIdentityMissing(row.id));
    const at = new Date(now());
    const { token } = await inTransaction(async (trx) => {
      // The session's transaction asks the licence's session.open door (the session module's open guard).
      const opened = await session.createSession(trx, {
        memberId: row.id,
        mustChangePassword: opts.mustChangePassword,
        identityRequired,
        ip: origin.ip,
        userAgent: origin.userAgent,
        refreshFamilyId: opts.refreshFamilyId,
      });
      await recordLogin(trx, row.id, {
        now: at,
        mustChangePassword: opts.persistMustChange === true && !row.mustChangePassword,
        upgradedHash: opts.upgradedHash,
      });
      return opened;
    });
    return {
      token,
      firstTimeLogin: row.lastLoginAt === null,
      passwordExpired: opts.passwordExpired,
      mustChangePassword: opts.mustChangePassword,
      ...(identityRequired ? { identityRequired: true } : {}),
      userInfo: { userName: row.account, nickname: row.nickname, type: row.type },
    };
  }

  /**
   * Insert the member with wallet, optional bonus and first session in one transaction. A taken
   * account name or mobile number surfaces as USERNAME_TAKEN / MOBILE_TAKEN; a generated name
   * that collides is generated again.
   */
  async function createAccount(
    member: Omit<NewMember, 'account' | 'now'> & { account: string | (() => string) },
    origin: RequestOrigin,
    extra: { credit?: AccountCredit; grantKey?: string; afterInsert?: AfterInsert },
  ): Promise<{ memberId: string; account: string; token: string } | { grantTaken: true }> {
    return insertAccount(member, extra, async (trx, memberId, account) => {
      const { token } = await session.createSession(trx, { memberId, ip: origin.ip, userAgent: origin.userAgent });
      return { memberId, account, token };
    });
  }

  /** The same insert without a session: an account made for someone else (the agent centre's register centre). */
  async function createAccountWithoutSession(
    member: Omit<NewMember, 'account' | 'now'> & { account: string },
  ): Promise<{ memberId: string; account: string }> {
    const created = await insertAccount(member, {}, async (_trx, memberId, account) => ({ memberId, account }));
    if ('grantTaken' in created) throw new Error('unreachable: no grant key');
    return created;
  }

  async function insertAccount<T>(
    member: Omit<NewMember, 'account' | 'now'> & { account: string | (() => string) },
    extra: { credit?: AccountCredit; grantKey?: string; afterInsert?: AfterInsert },
    finish: (trx: Db, memberId: string, account: string) => Promise<T>,
  ): Promise<T | { grantTaken: true }> {
    const { account: named } = member;
    try {
      // A generated name that is taken is generated again; a name the person chose is theirs or taken.
      return await insertWithUniqueRetry(
        typeof named === 'function' ? named : () => named,
        (account) =>
          inTransaction(async (trx) => {
            const at = new Date(now());
            const memberId = await insertMember(trx, { ...member, account, now: at });
            if (extra.grantKey) await insertFreeplayGrant(trx, extra.grantKey, memberId, at);
            await ledger.ensurePlayerWallet(trx, memberId);
            if (extra.credit && extra.credit.amountMinor > 0n) {
              await ledger.creditPlayerFromSystem(
                {
                  memberId,
                  systemAccount: extra.credit.systemAccount,
                  amountMinor: extra.credit.amountMinor,
                  kind: extra.credit.kind,
                  idempotencyKey: extra.credit.idempotencyKey(memberId),
                  reference: `member:${memberId}`,
                },
                trx,
              );
            }
            if (extra.afterInsert) await extra.afterInsert(trx, memberId);
            // The licence decides with the account's identity written (a trial account holds only
            // demo money and is no bettor's account: it passes no door).
            if (!isTrialType(member.type)) await ctx.licence.ask(trx, 'account.create', { memberId });
            return await finish(trx, memberId, account);
          }),
        { constraint: 'members_account_key', attempts: typeof named === 'function' ? MAX_GENERATE_ATTEMPTS : 1 },
      );
    } catch (err) {
      const constraint = findUniqueViolation(err);
      if (constraint === 'freeplay_grants_pkey') return { grantTaken: true };
      if (constraint === 'members_account_key')
        throw new AppError(ErrorCode.USERNAME_TAKEN, 'This username is already taken');
      if (constraint === 'members_mobile_key')
        throw new AppError(ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered');
      // One account per CPF, decided by the identity table's unique index when two sign-ups race.
      if (constraint === 'member_identities_cpf_key')
        throw new AppError(ErrorCode.CPF_TAKEN, 'An account already exists for this CPF');
      throw err;
    }
  }

  async function setPassword(memberId: string, password: string, keepSessionId: string | undefined): Promise<void> {
    const passwordHash = await hasher.hash(password);
    await inTransaction(async (trx) => {
      await updatePassword(trx, memberId, passwordHash, new Date(now()));
      await session.revokeOthers(memberId, keepSessionId, trx);
      if (keepSessionId) await session.clearMustChangePassword(keepSessionId, trx);
      for (const effect of passwordChangeEffects) await effect(trx, memberId);
    });
  }

  return {
    ctx,
    db,
    now,
    hasher,
    phones,
    inTransaction,
    requireModules,
    checkCaptcha,
    checkNewPassword,
    resolveCode,
    passwordAge,
    pickLanguage,
    startSession,
    createAccount,
    createAccountWithoutSession,
    links: () => links,
    identity: () => identity,
    useIdentity: (gate: IdentityGate) => {
      identity = gate;
    },
    useLinks: (port: AffiliateLinks) => {
      links = port;
    },
    usePasswordChangeEffect: (effect: PasswordChangeEffect) => {
      passwordChangeEffects.push(effect);
    },
    setPassword,
  };
}

export type MemberCore = ReturnType<typeof createMemberCore>;
