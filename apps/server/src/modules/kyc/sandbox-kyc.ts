import crypto from 'node:crypto';
import { randomCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import { sandboxKycResultSchema } from '@wps/shared/schemas/kyc';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { isSignatureValid, signBody } from '../deposit/gateway-provider';
import type { KycProvider, KycResult } from './kyc-provider';
import {
  finishSandboxSession,
  findSandboxSession,
  insertSandboxSession,
  recordSandboxStep,
  type SandboxKycSession,
} from './sandbox-kyc.repository';

export const SANDBOX_KYC_SIGNATURE_HEADER = 'x-sandbox-kyc-signature';
export const SANDBOX_KYC_WEBHOOK_PATH = '/wps/kyc/webhook/sandbox';
export const SANDBOX_KYC_PAGE_PATH = '/sandbox-kyc/check';
/** A result signed longer ago than this is refused, so a captured one cannot be replayed later. */
const MAX_RESULT_AGE_SECONDS = 5 * 60;

/** Every step of the session done: the document (a first check only), the selfie and liveness. */
export function isReady(session: SandboxKycSession): boolean {
  return (
    (session.purpose === 'reverification' || session.documentName !== null) &&
    session.selfieDone &&
    session.livenessDone
  );
}

/**
 * Whose document the tester says the player shows: their own (it reads the CPF and date of birth
 * the merchant sent), someone else's (another CPF), or one with their CPF and another date of birth.
 */
export const SANDBOX_DOCUMENT_HOLDERS = ['own', 'other_cpf', 'other_birth_date'] as const;
export type SandboxDocumentHolder = (typeof SANDBOX_DOCUMENT_HOLDERS)[number];

/** A day a year earlier (29 February becomes 1 March), YYYY-MM-DD. */
function yearBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - 1, m - 1, d)).toISOString().slice(0, 10);
}

/** What the simulated document reads: the subject's CPF and date of birth, unless the tester picked another holder. */
function documentOf(
  session: Pick<SandboxKycSession, 'subjectCpf' | 'subjectBirthDate'>,
  holder: SandboxDocumentHolder,
): { cpf: string | null; birthDate: string | null } {
  const own = { cpf: session.subjectCpf, birthDate: session.subjectBirthDate };
  if (holder === 'own') return own;
  if (holder === 'other_birth_date')
    return { ...own, birthDate: own.birthDate ? yearBefore(own.birthDate) : '1980-01-01' };
  let cpf = randomCpf();
  while (cpf === own.cpf) cpf = randomCpf();
  return { ...own, cpf };
}

/**
 * The built-in sandbox identity provider. It behaves like an outside one: it keeps its own
 * sessions, shows its own pages where the player does the document, selfie and liveness steps,
 * (only the selfie and liveness for a re-verification of a verified player's face), and tells
 * the merchant the outcome in a signed callback. The tester chooses that outcome (pass,
 * fail, or send to a person's review), once every step is done. It keeps the CPF and date of
 * birth the merchant sent and its document reads them back in the signed result, unless the tester
 * picks a document that belongs to someone else (docs/compliance.md, "KYC": the check is bound to
 * the registered identity). Off in production unless ALLOW_SANDBOX_KYC=1 (kyc-settings.ts).
 */
export function createSandboxKyc(ctx: { db: Kysely<Database>; secret: string; now?: () => number }) {
  const { db, secret } = ctx;
  const now = ctx.now ?? Date.now;

  const provider: KycProvider = {
    name: 'sandbox',
    async start({ returnUrl, purpose, subject }) {
      const ref = `kyc_${crypto.randomBytes(12).toString('hex')}`;
      await insertSandboxSession(db, ref, returnUrl, purpose, subject);
      return { providerRef: ref, url: provider.pageOf(ref) };
    },
    pageOf: (ref) => `${SANDBOX_KYC_PAGE_PATH}/${ref}`,
    verifyResult(rawBody, headers): KycResult {
      const signature = headers[SANDBOX_KYC_SIGNATURE_HEADER];
      if (!isSignatureValid(secret, rawBody, Array.isArray(signature) ? signature[0] : signature)) {
        throw new AppError(ErrorCode.WEBHOOK_SIGNATURE_INVALID, 'Result signature does not match');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError(ErrorCode.MALFORMED_JSON, 'Malformed JSON body');
      }
      const body = sandboxKycResultSchema.safeParse(parsed);
      if (!body.success) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid result body', {
          fields: body.error.issues.map((i) => ({ field: `body.${i.path.join('.')}`, message: i.message })),
        });
      }
      const age = Math.floor(now() / 1000) - body.data.timestamp;
      if (Math.abs(age) > MAX_RESULT_AGE_SECONDS)
        throw new AppError(ErrorCode.WEBHOOK_SIGNATURE_INVALID, 'Result timestamp is outside the allowed window');
      return {
        providerRef: body.data.ref,
        outcome: body.data.outcome,
        fullName: body.data.fullName,
        cpf: body.data.cpf,
        birthDate: body.data.birthDate,
        reason: body.data.reason,
        steps: body.data.steps,
      };
    },
  };

  /** The signed callback of a finished session. */
  function buildResult(session: SandboxKycSession): { rawBody: string; headers: Record<string, string> } {
    const outcome = session.outcome!;
    const reason =
      outcome === 'failed'
        ? 'The document and the selfie do not match (sandbox)'
        : outcome === 'review'
          ? 'The document photo is unclear (sandbox)'
          : null;
    const rawBody = JSON.stringify({
      ref: session.ref,
      outcome,
      fullName: session.documentName,
      // What the document reads: none for a face check (no document).
      cpf: session.purpose === 'onboarding' ? session.documentCpf : null,
      birthDate: session.purpose === 'onboarding' ? session.documentBirthDate : null,
      reason,
      steps: { document: session.documentName !== null, selfie: session.selfieDone, liveness: session.livenessDone },
      timestamp: Math.floor(now() / 1000),
    });
    return {
      rawBody,
      headers: { 'content-type': 'application/json', [SANDBOX_KYC_SIGNATURE_HEADER]: signBody(secret, rawBody) },
    };
  }

  return {
    provider,
    findSession: (ref: string) => findSandboxSession(db, ref),
    /** The document step: its name as typed, and the CPF and date of birth of the holder the tester picked. */
    async recordDocument(ref: string, documentName: string, holder: SandboxDocumentHolder): Promise<boolean> {
      const session = await findSandboxSession(db, ref);
      if (!session) return false;
      return recordSandboxStep(db, ref, { documentName, ...documentOf(session, holder) });
    },
    recordStep: (ref: string, step: { selfie: true } | { liveness: true }) => recordSandboxStep(db, ref, step),
    /** Set the outcome once (every step done) and answer the callback to send; pressing again re-sends the first outcome. */
    async finish(
      ref: string,
      outcome: 'passed' | 'failed' | 'review',
    ): Promise<
      { session: SandboxKycSession; result: { rawBody: string; headers: Record<string, string> } } | undefined
    > {
      const session = await findSandboxSession(db, ref);
      if (!session || !isReady(session)) return undefined;
      const final = await finishSandboxSession(db, ref, outcome);
      if (!final?.outcome) return undefined;
      return { session: final, result: buildResult(final) };
    },
    sign: (rawBody: string | Buffer) => signBody(secret, rawBody),
  };
}

export type SandboxKyc = ReturnType<typeof createSandboxKyc>;
