import type { RegisterField, RegisterSettings } from './schemas/system';

/*
 * Which fields the username registration form shows, and in what order, from the operator's
 * registration settings. The player site's form and the back office's preview of it both read
 * this, so the preview shows what players get.
 */

/** A field the operator can show or hide (username and password are always shown). */
export type OptionalRegisterField = Exclude<
  RegisterField,
  'username' | 'password' | 'mobileNum' | 'captcha' | 'verificationCode' | 'affiliateCode'
>;

type ShownBy = (settings: Pick<RegisterSettings, 'required'> & Record<string, unknown>) => boolean;
const flag =
  (name: keyof RegisterSettings): ShownBy =>
  (s) =>
    s[name] === true;

/** The optional fields shown above the mobile number, in the product's order, each behind its flag. */
export const FIELDS_BEFORE_MOBILE: readonly { name: OptionalRegisterField; isShown: ShownBy }[] = [
  // Where the licence identifies players by CPF, the payee name is the one the identity check reads, never typed.
  {
    name: 'payeeName',
    isShown: (s) =>
      s.showPayeeName === true && (s.jurisdiction as { identity?: string } | undefined)?.identity !== 'cpf',
  },
  { name: 'email', isShown: flag('showEmail') },
  { name: 'qqNum', isShown: flag('showQQ') },
];

/**
 * The optional fields shown below the mobile number. recommenderId has no show flag of its own:
 * it shows when the operator lists it in `required` (true or false).
 */
export const FIELDS_AFTER_MOBILE: readonly { name: OptionalRegisterField; isShown: ShownBy }[] = [
  { name: 'recommenderId', isShown: (s) => s.required.recommenderId !== undefined },
  { name: 'paymentPassword', isShown: flag('showpaymentPassword') },
  { name: 'line', isShown: flag('showline') },
  { name: 'whatsapp', isShown: flag('showwhatsapp') },
  { name: 'zalo', isShown: flag('showZaloapp') },
  { name: 'facebook', isShown: flag('showfacebook') },
  { name: 'wechat', isShown: flag('showwechat') },
  { name: 'idNumber', isShown: flag('showidNumber') },
];

/** A field of the registration form as drawn: the settings' fields plus the confirmation and the terms box. */
export type RegisterFormField = RegisterField | 'confirmPassword' | 'agree';

/**
 * The fields of the username registration form, top to bottom. `isMobileVerified` is the SMS
 * verification switch (REGMOBVERF3); `isAffiliateShown` is false when the invitation code
 * already came with the link the player followed.
 */
export function registerFormFields(
  settings: Pick<RegisterSettings, 'required' | 'showMobile' | 'showCaptcha' | 'hasAffiliate'> &
    Record<string, unknown>,
  {
    isMobileVerified,
    isAffiliateShown = settings.hasAffiliate,
  }: { isMobileVerified: boolean; isAffiliateShown?: boolean },
): RegisterFormField[] {
  const shown = (list: typeof FIELDS_BEFORE_MOBILE) => list.filter((f) => f.isShown(settings)).map((f) => f.name);
  return [
    'username',
    'password',
    'confirmPassword',
    ...shown(FIELDS_BEFORE_MOBILE),
    ...(settings.showMobile ? (['mobileNum'] as const) : []),
    ...(settings.showMobile && isMobileVerified ? (['verificationCode'] as const) : []),
    ...shown(FIELDS_AFTER_MOBILE),
    ...(isAffiliateShown ? (['affiliateCode'] as const) : []),
    ...(settings.showCaptcha ? (['captcha'] as const) : []),
    'agree',
  ];
}
