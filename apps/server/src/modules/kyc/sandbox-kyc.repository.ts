import { sql, type Kysely } from 'kysely';
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
  /** The CPF and date of birth the merchant sent with the check (the registered ones); null when it sent none. */
  subjectCpf: string | null;
  subjectBirthDate: string | null;
  /** What the simulated document reads (set with the document step). */
  documentCpf: string | null;
  documentBirthDate: string | null;
};

const COLUMNS = [
  'ref',
  'return_url as returnUrl',
  'document_name as documentName',
  'selfie_done as selfieDone',
  'liveness_done as livenessDone',
  'outcome',
  'purpose',
  'subject_cpf as subjectCpf',
  sql<string | null>`to_char(subject_birth_date, 'YYYY-MM-DD')`.as('subjectBirthDate'),
  'document_cpf as documentCpf',
  sql<string | null>`to_char(document_birth_date, 'YYYY-MM-DD')`.as('documentBirthDate'),
] as const;

export async function insertSandboxSession(
  db: Db,
  ref: string,
  returnUrl: string,
  purpose: SandboxKycSession['purpose'],
  subject: { cpf: string; birthDate: string } | null,
): Promise<void> {
  await db
    .insertInto('kyc_sandbox_sessions')
    .values({
      ref,
      return_url: returnUrl,
      document_name: null,
      outcome: null,
      purpose,
      subject_cpf: subject?.cpf ?? null,
      subject_birth_date: subject?.birthDate ?? null,
      document_cpf: null,
      document_birth_date: null,
    })
    .execute();
}

export async function findSandboxSession(db: Db, ref: string): Promise<SandboxKycSession | undefined> {
  return db.selectFrom('kyc_sandbox_sessions').select(COLUMNS).where('ref', '=', ref).executeTakeFirst();
}

/** A step done, while the session has no outcome yet; false when it has one (or is unknown). */
export async function recordSandboxStep(
  db: Db,
  ref: string,
  step: { documentName: string; cpf: string | null; birthDate: string | null } | { selfie: true } | { liveness: true },
): Promise<boolean> {
  const set =
    'documentName' in step
      ? { document_name: step.documentName, document_cpf: step.cpf, document_birth_date: step.birthDate }
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
