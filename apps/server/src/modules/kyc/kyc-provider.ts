/**
 * An identity-check (KYC) provider. `start` is an outside call (never made inside a database
 * transaction): it opens a check and answers where the player does its steps (document, selfie,
 * liveness). The provider tells the outcome in a signed callback, which `verifyResult` checks over
 * the exact raw body (throwing an AppError when it fails). docs/compliance.md, "KYC".
 */
export type KycProvider = {
  readonly name: string;
  /**
   * `reverification`: a face check of a verified player (selfie and liveness; no document).
   * `subject`: who the account says the player is, so the provider checks the document against it
   * (an onboarding check of an account with a registered identity; null otherwise).
   */
  start(input: {
    returnUrl: string;
    purpose: KycPurpose;
    subject: KycSubject | null;
  }): Promise<{ providerRef: string; url: string }>;
  /** Where the player goes on with a check under way (the address `start` answered for it). */
  pageOf(providerRef: string): string;
  verifyResult(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): KycResult;
};

export type KycPurpose = 'onboarding' | 'reverification';

/** The identity an account registered: the CPF (11 digits) and the date of birth (YYYY-MM-DD). */
export type KycSubject = { cpf: string; birthDate: string };

/** What a provider decided about one check. */
export type KycResult = {
  providerRef: string;
  outcome: 'passed' | 'failed' | 'review';
  /** The name read from the document. */
  fullName: string | null;
  /** The CPF read from the document (11 digits, or as the provider writes it); null when none was read. */
  cpf: string | null;
  /** The date of birth read from the document (YYYY-MM-DD); null when none was read. */
  birthDate: string | null;
  reason: string | null;
  steps: { document: boolean; selfie: boolean; liveness: boolean };
};
