import { useMemo } from 'react';
import type { Brand, PermissionResult, RegisterSettings } from '@wps/shared/schemas/system';
import { getLanguageCode } from '../../lib/i18n';
import { formatMoney, minorToDecimal } from '../../lib/money';
import { isModuleEnabled, usePermission } from '../../lib/api/get-permission';

export type AuthSwitches = {
  /** DIRECTREG3: visitors may register. */
  canRegister: boolean;
  /** USERNAMEREG3: registration by username. */
  canRegisterByUsername: boolean;
  /** MOBILENUMREG3: registration by mobile number. */
  canRegisterByMobile: boolean;
  /** REGMOBVERF3: the mobile number is verified by SMS code at registration. */
  isMobileVerified: boolean;
  /** MOBILENUMPASSREG3: mobile registration also asks for a password. */
  hasMobilePassword: boolean;
  /** MOBILEVERCODELOGIN3: login by SMS code. */
  canLoginBySms: boolean;
  /** CHNGPASSVERIF3: forgot password by phone. */
  canResetByPhone: boolean;
  /** FREEPLAY3: free demo. */
  canFreePlay: boolean;
};

export type AuthSettings = {
  permission: PermissionResult | undefined;
  register: RegisterSettings | undefined;
  brand: Brand | undefined;
  switches: AuthSwitches;
  isLoading: boolean;
};

/** The operator settings the auth screens read: register settings, brand and module switches. */
export function useAuthSettings(): AuthSettings {
  const { data: permission, isLoading } = usePermission();
  return useMemo(() => {
    const on = (id: Parameters<typeof isModuleEnabled>[1]) => isModuleEnabled(permission, id);
    const register = permission?.register;
    return {
      permission,
      register,
      brand: permission?.brand,
      isLoading,
      switches: {
        canRegister: on('DIRECTREG3'),
        canRegisterByUsername: on('USERNAMEREG3'),
        canRegisterByMobile: on('MOBILENUMREG3'),
        isMobileVerified: on('REGMOBVERF3') || register?.smsEnabled === true,
        hasMobilePassword: on('MOBILENUMPASSREG3') || register?.mobilePassword === true,
        canLoginBySms: on('MOBILEVERCODELOGIN3'),
        canResetByPhone: on('CHNGPASSVERIF3'),
        canFreePlay: on('FREEPLAY3'),
      },
    };
  }, [permission, isLoading]);
}

/** The operator's registration bonus formatted in its currency, or null when there is none. */
export function useRegistrationBonus(): string | null {
  const { register, brand } = useAuthSettings();
  const bonusMinor = register?.registrationBonusMinor ?? '0';
  if (!brand || !/^\d+$/.test(bonusMinor) || BigInt(bonusMinor) <= 0n) return null;
  return formatMoney(minorToDecimal(bonusMinor, brand.currencyScale), getLanguageCode(), {
    currency: brand.currency,
    scale: brand.currencyScale,
  });
}
