import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { i18n, translateError } from '../../lib/i18n';
import { readFieldErrors } from '../../components/form/server-field-errors';
import { showWarning } from '../../components/ui/warning-store';
import { useAffiliateCheck } from './api/affiliate';
import { forgetAffiliateCode, useReferralCodes, type ReferralCodes } from './referral-codes';

/** Server error codes that belong under one field of the registration forms. */
const FIELD_BY_ERROR: Record<string, string> = {
  USERNAME_TAKEN: 'username',
  MOBILE_TAKEN: 'mobileNum',
  EMAIL_TAKEN: 'email',
  CAPTCHA_REQUIRED: 'captcha',
  CAPTCHA_INVALID: 'captcha',
  SMS_CODE_INVALID: 'verificationCode',
  SMS_CODE_EXPIRED: 'verificationCode',
  AGREEMENT_REQUIRED: 'agree',
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_MISMATCH: 'confirmPassword',
  // Under a licence that identifies players by CPF (identity.ts).
  CPF_TAKEN: 'cpf',
  UNDER_MINIMUM_AGE: 'birthDate',
};

export type RegisterErrorTarget = {
  /** Names of the fields the form shows. */
  fields: readonly string[];
  setFieldError: (field: string, message: string) => void;
  labelOf: (field: string) => string;
};

/**
 * Show a failed registration where it belongs: field errors under their fields, the invitation
 * code failure in a warning dialog. Returns the form-level message, if any.
 */
export function applyRegisterError(t: TFunction<'auth'>, error: unknown, target: RegisterErrorTarget): string | null {
  if (isApiError(error, 'invitation_code_error')) {
    forgetAffiliateCode();
    showWarning(translateError(error));
    return null;
  }
  if (isApiError(error, 'VALIDATION_FAILED')) {
    const labels = Object.fromEntries(target.fields.map((field) => [field, target.labelOf(field)]));
    const messages = Object.entries(readFieldErrors(t, error, labels));
    for (const [field, message] of messages) target.setFieldError(field, message);
    return messages.length > 0 ? null : translateError(error);
  }
  if (isApiError(error)) {
    const field = FIELD_BY_ERROR[error.errorCode];
    if (field && target.fields.includes(field)) {
      target.setFieldError(field, translateError(error));
      return null;
    }
  }
  return translateError(error);
}

/**
 * The referral codes for a registration form, with an address affiliate code checked against
 * the server (GET /wps/agent/affiliate). A rejected code is dropped, so the field shows, and the
 * player is told with the invitation_code_error warning.
 */
export function useCheckedReferralCodes(): ReferralCodes {
  const codes = useReferralCodes();
  const check = useAffiliateCheck(codes.isAffiliateFromAddress ? codes.affiliateCode : '', window.location.hostname);
  // Derived, not stored: the check's answer for this code says whether it was refused.
  const isRejected = codes.isAffiliateFromAddress && check.isError && isApiError(check.error, 'invitation_code_error');
  useEffect(() => {
    if (!isRejected) return;
    forgetAffiliateCode();
    showWarning(i18n.t('errors:invitation_code_error'));
  }, [isRejected, codes.affiliateCode]);
  if (isRejected) {
    const hasCode = codes.referralCode !== '';
    return { ...codes, affiliateCode: '', hasCode, isAffiliateFromAddress: false };
  }
  return codes;
}

/** Fields the registration calls send from the page itself (register payload). */
export function getRegisterContext() {
  return {
    domain: window.location.hostname,
    registerUrl: window.location.href.slice(0, 512),
    registerMethod: 'WEB',
    login: true,
  };
}

/** Trimmed text, or undefined for an empty input (optional fields are omitted, not sent empty). */
export function optionalValue(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
}
