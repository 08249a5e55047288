import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The sandbox provider's session of one check: its steps as the player did them. */
export type SandboxKycSession = {
  ref: string;
  returnUrl: string;
  documentName: string | null;
  selfieDone: boolean;
  livenessDone: boolean;
  outcome: 'passed' | 'failed' | 'review' | null;
  /** A re-verification is a face check: selfie and liveness, no document. */
  purpose: 'onboarding' | 'reverification';
};

const COLUMNS = [
  'ref',
  'return_url as returnUrl',
  'document_name as documentName',
  'selfie_done as selfieDone',
  'liveness_done as livenessDone',
  'outcome',
  'purpose',
] as const;

export async function insertSandboxSession(
  db: Db,
  ref: string,
  returnUrl: string,
  purpose: SandboxKycSession['purpose'],
): Promise<void> {
  await db
    .insertInto('kyc_sandbox_sessions')
    .values({ ref, return_url: returnUrl, document_name: null, outcome: null, purpose })
    .execute();
}

export async function findSandboxSession(db: Db, ref: string): Promise<SandboxKycSession | undefined> {
  return db.selectFrom('kyc_sandbox_sessions').select(COLUMNS).where('ref', '=', ref).executeTakeFirst();
}

/** A step done, while the session has no outcome yet; false when it has one (or is unknown). */
export async function recordSandboxStep(
  db: Db,
  ref: string,
  step: { documentName: string } | { selfie: true } | { liveness: true },
): Promise<boolean> {
  const set =
    'documentName' in step
      ? { document_name: step.documentName }
      : 'selfie' in step
        ? { selfie_done: true }
        : { liveness_done: true };
  const r = await db
    .updateTable('kyc_sandbox_sessions')
    .set(set)
    .where('ref', '=', ref)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The tester's outcome, set once; the session as it ends. */
export async function finishSandboxSession(
  db: Db,
  ref: string,
  outcome: 'passed' | 'failed' | 'review',
): Promise<SandboxKycSession | undefined> {
  await db
    .updateTable('kyc_sandbox_sessions')
    .set({ outcome })
    .where('ref', '=', ref)
    .where('outcome', 'is', null)
    .execute();
  return findSandboxSession(db, ref);
}
