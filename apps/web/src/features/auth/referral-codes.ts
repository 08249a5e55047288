import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * Affiliate and referral codes: a code from the address wins, else the code stored
 * when the visitor first arrived with one. Kept in localStorage so that a visitor who lands
 * on any page with ?affiliateCode= and registers later (even after a reload) is still credited.
 */
const AFFILIATE_KEY = 'affiliateCode';
const REFERRAL_KEY = 'referralCode';
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function readStored(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Without storage the code only lasts while it is in the address.
  }
}

function readAddressCode(search: string, key: string): string {
  const value = new URLSearchParams(search).get(key)?.trim() ?? '';
  return CODE_PATTERN.test(value) ? value : '';
}

export type ReferralCodes = {
  affiliateCode: string;
  referralCode: string;
  /** True when a code came from the address or storage, so the affiliate field is hidden. */
  hasCode: boolean;
  /** True when the affiliate code came from the address of this page. */
  isAffiliateFromAddress: boolean;
};

/** Store codes that arrive in the address; mounted once (by AuthModals) on every page. */
export function useCaptureReferralCodes(): void {
  const { search } = useLocation();
  useEffect(() => {
    const affiliate = readAddressCode(search, AFFILIATE_KEY);
    const referral = readAddressCode(search, REFERRAL_KEY);
    if (affiliate) writeStored(AFFILIATE_KEY, affiliate);
    if (referral) writeStored(REFERRAL_KEY, referral);
  }, [search]);
}

/** The codes the registration forms send. */
export function useReferralCodes(): ReferralCodes {
  const { search } = useLocation();
  return useMemo(() => {
    const addressAffiliate = readAddressCode(search, AFFILIATE_KEY);
    const affiliateCode = addressAffiliate || readStored(AFFILIATE_KEY);
    const referralCode = readAddressCode(search, REFERRAL_KEY) || readStored(REFERRAL_KEY);
    return {
      affiliateCode,
      referralCode,
      hasCode: affiliateCode !== '' || referralCode !== '',
      isAffiliateFromAddress: addressAffiliate !== '',
    };
  }, [search]);
}

/** Forget a stored affiliate code the server rejected. */
export function forgetAffiliateCode(): void {
  writeStored(AFFILIATE_KEY, null);
}
