import { z } from 'zod';
import { REGISTER_FIELDS, type FieldRule, type RegisterField } from '@wps/shared/schemas/system';
import { siteSettingsSchema, type SiteSettings, type StoredRegisterSettings } from '@wps/shared/schemas/site-settings';
import { minorAsTyped, typedMinorText } from '../../lib/typed-money';
import { reasonSchema, typedInteger } from './settings-schemas';

/*
 * The registration section's form: every field of the registration form with its show flag, its
 * required flag and its rule, then the minimum age and the sign-up bonus. The form holds a flag
 * and a rule for every field; what is sent keeps the stored shape (a field with no rule stays
 * without one unless the operator gives it one), and is checked by the server's schema.
 */

/** The stored flag that shows each optional field ('recommender' is the presence of recommenderId in `required`). */
export const SHOW_FLAGS: Partial<Record<RegisterField, keyof StoredRegisterSettings | 'recommender'>> = {
  payeeName: 'showPayeeName',
  email: 'showEmail',
  qqNum: 'showQQ',
  mobileNum: 'showMobile',
  recommenderId: 'recommender',
  paymentPassword: 'showpaymentPassword',
  line: 'showline',
  whatsapp: 'showwhatsapp',
  zalo: 'showZaloapp',
  facebook: 'showfacebook',
  wechat: 'showwechat',
  idNumber: 'showidNumber',
  affiliateCode: 'hasAffiliate',
  captcha: 'showCaptcha',
};

/** Fields every registration asks for whatever the flags say. */
export const ALWAYS_REQUIRED: readonly RegisterField[] = ['username', 'password'];

/** A rule that accepts anything: what a field without a rule is checked against. */
const NO_RULE: FieldRule = { acceptedPattern: '*', minLength: 0, maxLength: 0, patternId: 0 };

export type RegistrationValues = {
  register: Omit<StoredRegisterSettings, 'required' | 'validate'> & {
    required: Record<RegisterField, boolean>;
    validate: Record<RegisterField, FieldRule>;
  };
  recommenderShown: boolean;
  minimumAge: string;
  registrationBonusMinor: string;
  reason: string;
};

export function registrationValues(values: SiteSettings, scale: number, locale: string): RegistrationValues {
  const { register } = values;
  const required = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, register.required[f] === true])) as Record<
    RegisterField,
    boolean
  >;
  const validate = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, register.validate[f] ?? NO_RULE])) as Record<
    RegisterField,
    FieldRule
  >;
  return {
    register: { ...register, required, validate },
    recommenderShown: register.required.recommenderId !== undefined,
    minimumAge: String(values.minimumAge),
    registrationBonusMinor: minorAsTyped(values.registrationBonusMinor, scale, locale),
    reason: '',
  };
}

const sameRule = (a: FieldRule, b: FieldRule) =>
  a.acceptedPattern === b.acceptedPattern &&
  a.minLength === b.minLength &&
  a.maxLength === b.maxLength &&
  a.patternId === b.patternId;

/** The registration settings to store from the form's flags and rules, over the stored ones. */
export function storedRegistration(
  form: RegistrationValues['register'],
  recommenderShown: boolean,
  stored: StoredRegisterSettings,
): StoredRegisterSettings {
  const required: StoredRegisterSettings['required'] = {};
  const validate: StoredRegisterSettings['validate'] = {};
  for (const field of REGISTER_FIELDS) {
    if (field === 'recommenderId') {
      if (recommenderShown) required.recommenderId = form.required.recommenderId;
    } else if (stored.required[field] !== undefined || form.required[field]) {
      required[field] = form.required[field];
    }
    const rule = form.validate[field];
    if (stored.validate[field] !== undefined || !sameRule(rule, NO_RULE)) validate[field] = rule;
  }
  return { ...form, required, validate };
}

/** The form's rules: text turned into values, then the server's schemas of the three settings. */
export function registrationSchema(stored: StoredRegisterSettings, scale: number, locale: string) {
  const shape = siteSettingsSchema.shape;
  return z
    .object({
      register: z.custom<RegistrationValues['register']>(),
      recommenderShown: z.boolean(),
      minimumAge: typedInteger,
      registrationBonusMinor: typedMinorText(scale, locale),
      reason: z.string(),
    })
    .transform(({ register, recommenderShown, ...rest }) => ({
      ...rest,
      register: storedRegistration(register, recommenderShown, stored),
    }))
    .pipe(
      z.object({
        register: shape.register,
        minimumAge: shape.minimumAge,
        registrationBonusMinor: shape.registrationBonusMinor,
        reason: reasonSchema,
      }),
    );
}
