import { ErrorCode } from '@wps/shared/error-codes';
import { jurisdictionRules, type JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { KycStatus, OpsKycCheck, OpsKycListQuery, OpsKycPage } from '@wps/shared/schemas/kyc';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { bindToRegistered, type KycBinding } from './kyc-identity-binding';
import type { KycProvider, KycPurpose, KycResult, KycSubject } from './kyc-provider';
import type { KycTiers } from './kyc-tiers';
import {
  decideCheck,
  findCheck,
  findLatestCheck,
  findLatestPassedCheck,
  findMemberChecks,
  hasPassedCheck,
  insertCheck,
  listChecks,
  lockCheck,
  lockCheckByRef,
  type KycCheckRow,
} from './kyc.repository';

type Db = Kysely<Database>;

export type KycContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The operator's licence: whether a verified identity is required (jurisdictionRules().kyc). */
  jurisdiction: () => Promise<JurisdictionProfile>;
  /** The licence read in the decision's transaction: whether it identifies players (jurisdictionRules().identity). */
  jurisdictionIn: (trx: Db) => Promise<JurisdictionProfile>;
  /**
   * The CPF and date of birth the member registered (the identity module's), read in the caller's
   * transaction; null without an identity. Sent to the provider and compared with the document.
   */
  registeredIdentity: (db: Db, memberId: string) => Promise<KycSubject | null>;
  /** Providers by name; the one named `active` takes new checks (none: checks cannot start). */
  providers: Record<string, KycProvider>;
  active: string | null;
  /** Players' account names for the back office's list (the member module's). */
  accountNames: (ids: string[]) => Promise<Map<string, string>>;
  /**
   * Called in the decision's transaction when a check passes, with the name read from the
   * document: the identity keeps it as the player's only payee name.
   */
  onVerified?: (trx: Db, memberId: string, fullName: string | null) => Promise<void>;
  /** The tiers (the unverified deposit cap, re-verification at login): told of each passed face check. */
  tiers?: KycTiers;
  now: () => number;
};

/** Where the player lands back on our site after the provider's pages. */
const DEFAULT_RETURN = '/security-center';

/** Whether the licence identifies players by a national identity (BR: the CPF). */
function identifiesPlayers(profile: JurisdictionProfile): boolean {
  return jurisdictionRules(profile).identity !== 'none';
}

/**
 * Identity checks (docs/compliance.md, "KYC"): a player opens a check at the provider, the
 * provider's signed callback decides it (or sends it to review, where an operator decides), each
 * decision written once under the check's row lock and audited. A verified player is one with a
 * passed check; under a licence that asks for it, withdrawals wait for it. Under a licence that
 * identifies players the check is bound to the registered CPF and date of birth: they are sent to
 * the provider, and a document that is not the player's is no pass (kyc-identity-binding.ts).
 */
export function createKycService(ctx: KycContext) {
  const { db, audit, providers, now } = ctx;

  async function isRequired(): Promise<boolean> {
    return jurisdictionRules(await ctx.jurisdiction()).kyc;
  }

  /**
   * Whether the player holds the identity check the licence counts, read in `dbOrTrx`: any pass
   * under a licence that does not identify players; under one that does, a pass bound to the
   * registered CPF and date of birth. A pass from before the operator switched to such a licence
   * compared no CPF, so the player is asked for a new check (docs/decisions.md).
   */
  async function verifiedIn(dbOrTrx: Db, memberId: string): Promise<boolean> {
    return hasPassedCheck(dbOrTrx, memberId, identifiesPlayers(await ctx.jurisdictionIn(dbOrTrx)));
  }

  /** Decide a check once, from `from`, in the caller's transaction; audited. */
  async function decide(
    trx: Db,
    check: KycCheckRow,
    to: {
      status: KycCheckRow['status'];
      fullName: string | null;
      reason: string | null;
      by: string;
      actor: { actorType: 'operator' | 'system'; actorId: string | null };
      /** How the document compared with the registered identity, when the licence asked. */
      identity?: Omit<KycBinding, 'refusal'>;
      /** The provider's result matched the registered identity (kept on the check; absent: left as it is). */
      identityBound?: boolean;
    },
  ): Promise<void> {
    const final = to.status === 'passed' || to.status === 'failed';
    const at = final ? new Date(now()) : null;
    if (
      !(await decideCheck(trx, check.id, check.status, {
        status: to.status,
        fullName: to.fullName,
        reason: to.reason,
        decidedBy: final ? to.by : null,
        at,
        ...(to.identityBound === undefined ? {} : { identityBound: to.identityBound }),
      }))
    ) {
      throw new Error(`kyc: check ${check.id} changed despite its row lock`);
    }
    if (to.status === 'passed') {
      // A re-verification checks the face only: the name read at the first check stays.
      if (check.purpose === 'onboarding') await ctx.onVerified?.(trx, check.memberId, to.fullName);
      await ctx.tiers?.facePassed(trx, check.memberId);
    }
    await audit.record(trx, {
      ...to.actor,
      action: `kyc.${to.status}`,
      subjectType: 'member',
      subjectId: check.memberId,
      reason: to.reason,
      before: { checkId: check.id, status: check.status },
      after: {
        checkId: check.id,
        purpose: check.purpose,
        status: to.status,
        fullName: to.fullName,
        decidedBy: to.by,
        ...(to.identity ? { identity: to.identity } : {}),
      },
    });
  }

  /** Open a check at the active provider, or answer the one under way (so a second click opens no second check). */
  async function open(
    memberId: string,
    purpose: KycPurpose,
    returnUrl: string | undefined,
  ): Promise<{ checkId: string; url: string; status: KycCheckRow['status'] }> {
    const provider = ctx.active ? providers[ctx.active] : undefined;
    if (!provider) throw new AppError(ErrorCode.KYC_PROVIDER_UNAVAILABLE, 'Identity checks are not available now');
    // The document is checked against who the account says the player is; a face check has no document.
    const subject = purpose === 'onboarding' ? await ctx.registeredIdentity(db, memberId) : null;
    // Under a licence that identifies players a check of an account without a CPF could bind to
    // nothing (it would fail): the site asks for the CPF and date of birth first.
    if (purpose === 'onboarding' && !subject && identifiesPlayers(await ctx.jurisdiction()))
      throw new AppError(ErrorCode.IDENTITY_REQUIRED, 'Give your CPF and date of birth first');
    const current = await findLatestCheck(db, memberId);
    if (current && (current.status === 'pending' || current.status === 'review'))
      return { checkId: current.id, url: provider.pageOf(current.providerRef), status: current.status };
    const opened = await provider.start({ returnUrl: returnUrl ?? DEFAULT_RETURN, purpose, subject });
    const row = await insertCheck(db, { memberId, provider: provider.name, providerRef: opened.providerRef, purpose });
    if (!row) {
      // Another click opened one meanwhile: that one is the player's check.
      const other = (await findLatestCheck(db, memberId))!;
      return { checkId: other.id, url: provider.pageOf(other.providerRef), status: other.status };
    }
    return { checkId: row.id, url: opened.url, status: row.status };
  }

  return {
    isRequired,

    /** Every check of the player, newest first (the player's copy of their data). */
    async historyOf(memberId: string) {
      return (await findMemberChecks(db, memberId)).map((r) => ({
        checkId: r.id,
        provider: r.provider,
        purpose: r.purpose,
        status: r.status,
        fullName: r.fullName,
        reason: r.reason,
        decidedBy: r.decidedBy === null ? null : r.decidedBy === 'provider' ? 'provider' : 'operator',
        decidedAt: r.decidedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** Whether the player holds a passed check. */
    isVerified: (memberId: string) => verifiedIn(db, memberId),
    /**
     * Whether the player passed an identity check, read in the caller's transaction: the licence's
     * stake door, which has read the licence already and says whether only a bound check counts.
     */
    passedIn: (trx: Db, memberId: string, boundOnly: boolean) => hasPassedCheck(trx, memberId, boundOnly),

    /** What the player's identity check says now. */
    async status(memberId: string): Promise<KycStatus> {
      const profile = await ctx.jurisdiction();
      const required = jurisdictionRules(profile).kyc;
      const [latest, passed, depositCap, dueSince] = await Promise.all([
        findLatestCheck(db, memberId),
        findLatestPassedCheck(db, memberId, identifiesPlayers(profile)),
        ctx.tiers?.capOf(memberId) ?? null,
        ctx.tiers?.dueSince(memberId) ?? null,
      ]);
      const provider = latest ? providers[latest.provider] : undefined;
      // The re-verification under way (its latest check, unless that one passed an earlier one).
      const again = latest?.purpose === 'reverification' && latest.status !== 'passed' ? latest : undefined;
      return {
        depositCap,
        reverification: dueSince
          ? {
              dueSince: dueSince.toISOString(),
              status: again?.status ?? null,
              reason: again?.reason ?? null,
              continueUrl: again?.status === 'pending' && provider ? provider.pageOf(again.providerRef) : null,
            }
          : null,
        // A pass the licence does not count (not bound to the CPF) asks for a new check.
        level: passed ? 'verified' : latest && latest.status !== 'passed' ? latest.status : 'unverified',
        required,
        fullName: passed?.fullName ?? null,
        reason: passed
          ? null
          : latest?.status === 'passed'
            ? 'identity_unbound'
            : latest && (latest.status === 'failed' || latest.status === 'review')
              ? latest.reason
              : null,
        continueUrl: !passed && latest?.status === 'pending' && provider ? provider.pageOf(latest.providerRef) : null,
        decidedAt: (passed ?? latest)?.decidedAt?.toISOString() ?? null,
      };
    },

    /**
     * Open a check at the active provider (or answer the one under way, so a second click opens
     * no second check). A verified player needs none.
     */
    async start(
      memberId: string,
      returnUrl: string | undefined,
    ): Promise<{ checkId: string; url: string; status: KycCheckRow['status'] }> {
      if (await verifiedIn(db, memberId))
        throw new AppError(ErrorCode.KYC_ALREADY_VERIFIED, 'This identity is verified already');
      return open(memberId, 'onboarding', returnUrl);
    },

    /** Open (or go on with) the face check a login found due; refused when none is due. */
    async startReverification(
      memberId: string,
      returnUrl: string | undefined,
    ): Promise<{ checkId: string; url: string; status: KycCheckRow['status'] }> {
      if (!(await ctx.tiers?.dueSince(memberId)))
        throw new AppError(ErrorCode.KYC_REVERIFICATION_NOT_DUE, 'No face check is due');
      return open(memberId, 'reverification', returnUrl);
    },

    /** A provider's signed result: decides the check once; repeated results change nothing. */
    async applyResult(
      providerName: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ checkId: string; status: KycCheckRow['status'] }> {
      const provider = providers[providerName];
      if (!provider) throw new AppError(ErrorCode.KYC_CHECK_NOT_FOUND, 'No such identity provider');
      const result: KycResult = provider.verifyResult(rawBody, headers);
      return runInTransaction(db, async (trx) => {
        const check = await lockCheckByRef(trx, provider.name, result.providerRef);
        if (!check)
          throw new AppError(ErrorCode.KYC_CHECK_NOT_FOUND, 'No such identity check', { ref: result.providerRef });
        if (check.status !== 'pending') return { checkId: check.id, status: check.status };
        // Every step must have been done for a pass (a re-verification has no document step); a provider claiming otherwise sends it to a person.
        const complete =
          (check.purpose === 'reverification' || result.steps.document) && result.steps.selfie && result.steps.liveness;
        let status: KycCheckRow['status'] = result.outcome === 'passed' && !complete ? 'review' : result.outcome;
        let reason =
          status === 'review' && result.outcome === 'passed' ? 'A step is missing from a passed check' : result.reason;
        // Under a licence that identifies players the document must be the registered player's: the
        // licence and the registered identity are read here, under the check's lock, where it is decided.
        let binding: KycBinding | undefined;
        if (check.purpose === 'onboarding' && status !== 'failed' && identifiesPlayers(await ctx.jurisdictionIn(trx))) {
          binding = bindToRegistered(status, result, await ctx.registeredIdentity(trx, check.memberId));
          if (binding.refusal) {
            status = 'failed';
            reason = binding.refusal;
          }
        }
        // A re-verification keeps the name read at the first check.
        const fullName = check.purpose === 'onboarding' ? result.fullName : null;
        await decide(trx, check, {
          status,
          fullName,
          reason,
          by: 'provider',
          actor: { actorType: 'system', actorId: `kyc:${provider.name}` },
          ...(binding
            ? { identity: { cpf: binding.cpf, birthDate: binding.birthDate }, identityBound: !binding.refusal }
            : {}),
        });
        return { checkId: check.id, status };
      });
    },

    /** The back office's list of checks, a page at a time, with the players' account names. */
    async list(query: OpsKycListQuery): Promise<OpsKycPage> {
      const { rows, total } = await listChecks(db, {
        status: query.status,
        order: query.order,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const names = await ctx.accountNames([...new Set(rows.map((r) => r.memberId))]);
      const identifies = identifiesPlayers(await ctx.jurisdiction());
      return {
        list: rows.map((r) => opsView(r, names.get(r.memberId) ?? '', identifies)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },

    /** An operator decides a check that went to review; audited with the reason. */
    async decideReview(
      operatorId: string,
      checkId: string,
      decision: 'passed' | 'failed',
      reason: string,
    ): Promise<OpsKycCheck> {
      await runInTransaction(db, async (trx) => {
        const check = await lockCheck(trx, checkId);
        if (!check) throw new AppError(ErrorCode.KYC_CHECK_NOT_FOUND, 'No such identity check', { checkId });
        if (check.status !== 'review')
          throw new AppError(ErrorCode.KYC_NOT_IN_REVIEW, 'This check is not waiting for a decision', {
            status: check.status,
          });
        await decide(trx, check, {
          status: decision,
          fullName: check.fullName,
          reason,
          by: `operator:${operatorId}`,
          actor: { actorType: 'operator', actorId: operatorId },
        });
      });
      const after = (await findCheck(db, checkId))!;
      const names = await ctx.accountNames([after.memberId]);
      return opsView(after, names.get(after.memberId) ?? '', identifiesPlayers(await ctx.jurisdiction()));
    },
  };
}

function opsView(r: KycCheckRow, account: string, identifies: boolean): OpsKycCheck {
  return {
    id: r.id,
    memberId: r.memberId,
    account,
    provider: r.provider,
    purpose: r.purpose,
    status: r.status,
    fullName: r.fullName,
    reason: r.reason,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    notBoundToCpf: identifies && r.status === 'passed' && r.purpose === 'onboarding' && !r.identityBound,
  };
}

export type KycService = ReturnType<typeof createKycService>;
