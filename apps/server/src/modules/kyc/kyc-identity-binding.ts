import type { KycIdentityReason } from '@wps/shared/schemas/kyc';
import type { KycResult, KycSubject } from './kyc-provider';

/** How one registered field compares with what the provider read from the document. */
type KycFieldMatch = 'same' | 'different' | 'unread' | 'unregistered';

/** The comparison (kept in the decision's audit entry: matches only, never the values) and its refusal. */
export type KycBinding = { cpf: KycFieldMatch; birthDate: KycFieldMatch; refusal: KycIdentityReason | null };

function compare(read: string | null, registered: string | null): KycFieldMatch {
  if (registered === null) return 'unregistered';
  if (read === null || read.trim() === '') return 'unread';
  return read === registered ? 'same' : 'different';
}

/**
 * An identity check bound to the registered identity (Portaria SPA/MF 722/2024: the player is
 * identified before play; docs/compliance.md, "KYC"). Asked under a licence that identifies
 * players, for an onboarding check the provider passed or sent to review:
 * - a document whose CPF or date of birth is another's is refused (`identity_mismatch`), even
 *   from review: no person's reading makes someone else's document the player's;
 * - a pass without a CPF or date of birth read, or for an account with none registered, is
 *   refused (`identity_missing`): there is nothing to bind it to. A check in review without them
 *   stays in review (the operator reads the document), unless the account has none registered.
 * The provider may write the CPF with its mask ("123.456.789-09"): its digits are compared.
 */
export function bindToRegistered(
  status: 'passed' | 'review',
  read: Pick<KycResult, 'cpf' | 'birthDate'>,
  registered: KycSubject | null,
): KycBinding {
  const cpf = compare(read.cpf === null ? null : read.cpf.replace(/\D/g, ''), registered?.cpf ?? null);
  const birthDate = compare(read.birthDate?.trim() ?? null, registered?.birthDate ?? null);
  const matches = [cpf, birthDate];
  const refusal: KycIdentityReason | null = matches.includes('different')
    ? 'identity_mismatch'
    : matches.includes('unregistered') || (status === 'passed' && matches.includes('unread'))
      ? 'identity_missing'
      : null;
  return { cpf, birthDate, refusal };
}
