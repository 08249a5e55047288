import { AccountType, isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { RegistrationDetailsInput } from '@wps/shared/registration-details';
import type { RegisterField } from '@wps/shared/schemas/system';
import { validateField } from '@wps/shared/validation-patterns';
import { AppError } from '../../http/app-error';
import type { AfterInsert, MemberCore } from './member-core';
import {
  MEMBER_LIMITS,
  failFields,
  normaliseDomain,
  randomDigits,
  randomPassword,
  required,
  type FieldFailure,
  type RequestOrigin,
} from './member-helpers';
import { isAccountTaken, isMobileTaken, type AffiliateCodeRow } from './member.repository';
import { isWeakPassword } from './password-hasher';
import { checkPasswordRule } from './password-rule';
import type { NormalisedPhone } from './phone-numbers';

export type RegisterInput = {
  username?: string | undefined;
  password?: string | undefined;
  confirmPassword?: string | undefined;
  payeeName?: string | undefined;
  email?: string | undefined;
  qqNum?: string | undefined;
  mobileNum?: string | undefined;
  countryDialingCode?: string | undefined;
  recommenderId?: string | undefined;
  captcha?: string | undefined;
  captchaKey?: string | undefined;
  verificationCode?: string | undefined;
  affiliateCode?: string | undefined;
  referralCode?: string | undefined;
  paymentPassword?: string | undefined;
  line?: string | undefined;
  whatsapp?: string | undefined;
  zalo?: string | undefined;
  facebook?: string | undefined;
  wechat?: string | undefined;
  idNumber?: string | undefined;
  domain?: string | undefined;
  /** Under a profile that identifies players by CPF (the identity module's gate). */
  cpf?: string | undefined;
  birthDate?: string | undefined;
  agree: boolean;
} & RegistrationDetailsInput;

/** The work a new account's transaction does once the member row exists, in order (none: no key, as before). */
function afterInsertOf(steps: (AfterInsert | null)[]): { afterInsert?: AfterInsert } {
  const work = steps.filter((step): step is AfterInsert => step !== null);
  if (work.length === 0) return {};
  return {
    afterInsert: async (trx, id) => {
      for (const step of work) await step(trx, id);
    },
  };
}

/** Registration by username and by mobile number. */
export function createRegistration(core: MemberCore) {
  const { db, hasher, now } = core;
  const { system, rateLimiter, otp } = core.ctx;

  /** The shared part of both registrations; `mode` decides which fields apply. */
  async function register(
    mode: 'username' | 'mobile',
    body: RegisterInput,
    origin: RequestOrigin,
    linkIdentity?: AfterInsert,
    installation = false,
  ): Promise<LoginResult> {
    await core.requireModules('DIRECTREG3', mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3');
    if (body.agree !== true) {
      throw new AppError(
        ErrorCode.AGREEMENT_REQUIRED,
        'Accept the terms, the privacy policy and the minimum age to register',
      );
    }
    const [settings, smsVerification] = await Promise.all([
      system.getRegisterSettings(),
      system.isModuleEnabled('REGMOBVERF3'),
    ]);

    const mobileShown = mode === 'mobile' || settings.showMobile;
    const mobile = mobileShown ? body.mobileNum?.trim() || undefined : undefined;
    const dialingCode = mobile ? body.countryDialingCode : undefined;
    let phone: NormalisedPhone | undefined;
    const usesPassword = mode === 'username' || settings.mobilePassword;
    // Under a profile that identifies players (BR: CPF and date of birth), the payee name is not
    // typed: it is the name the identity check reads from the player's document.
    const gate = core.identity();
    // Under a licence that asks for them, also the residential address and gender; a mobile number
    // with its SMS code is a confirmed contact (else the account confirms one before it plays).
    const identity = gate
      ? await gate.registration({
          cpf: body.cpf,
          birthDate: body.birthDate,
          addressStreet: body.addressStreet,
          addressNumber: body.addressNumber,
          addressComplement: body.addressComplement,
          addressDistrict: body.addressDistrict,
          addressCity: body.addressCity,
          addressState: body.addressState,
          addressCep: body.addressCep,
          gender: body.gender,
          contactConfirmed: smsVerification && mobile !== undefined,
        })
      : null;
    const payeeShown = settings.showPayeeName && identity === null;
    const shown: [RegisterField, string | undefined, boolean, boolean][] = [
      // field, value, shown, always required
      ['username', body.username, mode === 'username', true],
      ['password', body.password, usesPassword, true],
      ['payeeName', body.payeeName, payeeShown, false],
      ['email', body.email, settings.showEmail, false],
      ['qqNum', body.qqNum, settings.showQQ, false],
      ['mobileNum', body.mobileNum, mobileShown, mode === 'mobile'],
      ['paymentPassword', body.paymentPassword, settings.showpaymentPassword, false],
      ['line', body.line, settings.showline, false],
      ['whatsapp', body.whatsapp, settings.showwhatsapp, false],
      ['zalo', body.zalo, settings.showZaloapp, false],
      ['facebook', body.facebook, settings.showfacebook, false],
      ['wechat', body.wechat, settings.showwechat, false],
      ['idNumber', body.idNumber, settings.showidNumber, false],
      ['affiliateCode', body.affiliateCode, settings.hasAffiliate, false],
      ['recommenderId', body.recommenderId, body.recommenderId !== undefined, false],
      ['verificationCode', body.verificationCode, smsVerification && mobile !== undefined, true],
    ];
    const failures: FieldFailure[] = [];
    for (const [field, value, isShown, always] of shown) {
      if (!isShown) continue;
      const error =
        field === 'password'
          ? checkPasswordRule(settings, value)
          : validateField(settings.validate[field], value, { required: always || settings.required[field] === true });
      if (error) failures.push({ field, ...error });
    }
    if (identity) failures.push(...identity.failures);
    if (mobile && !dialingCode) failures.push(required('countryDialingCode'));
    if (mobile && dialingCode && !failures.some((f) => f.field === 'mobileNum')) {
      // One phone, one account: the number is stored and compared in E.164.
      const parsed = await core.phones.parse(dialingCode, mobile);
      if ('failure' in parsed) failures.push(parsed.failure);
      else phone = parsed.phone;
    }
    if (usesPassword && !body.confirmPassword) failures.push(required('confirmPassword'));
    if (failures.length > 0) failFields(failures);
    if (usesPassword && body.password !== body.confirmPassword) {
      throw new AppError(ErrorCode.PASSWORD_MISMATCH, 'The passwords do not match');
    }
    if (usesPassword && isWeakPassword(body.password ?? '')) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'This password is too common; choose another one');
    }

    await rateLimiter.consume(
      'register-ip',
      origin.ip,
      MEMBER_LIMITS.registerPerIp.limit,
      MEMBER_LIMITS.registerPerIp.windowSeconds,
    );
    if (settings.showCaptcha && !installation) await core.checkCaptcha(body.captchaKey, body.captcha);

    const affiliate = await core.resolveCode(settings.hasAffiliate ? body.affiliateCode : undefined, body.domain);
    const referral = await core.resolveCode(body.referralCode ?? body.recommenderId, body.domain);
    const account = mode === 'username' ? (body.username ?? '').trim().toLowerCase() : undefined;
    // Cheap pre-checks, so a taken name does not burn the player's SMS code; the unique indexes decide.
    if (account && (await isAccountTaken(db, account)))
      throw new AppError(ErrorCode.USERNAME_TAKEN, 'This username is already taken');
    if (phone && (await isMobileTaken(db, phone.e164))) {
      throw new AppError(ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered');
    }
    // The age, one account per CPF and the barred-persons list, before the SMS code is spent.
    const identityInsert = identity ? await identity.admit() : null;
    if (smsVerification && phone) {
      await otp.verify({
        purpose: 'register',
        dialingCode: phone.dialingCode,
        mobile: phone.nationalNumber,
        code: body.verificationCode ?? '',
        ip: origin.ip,
      });
    }

    const passwordHash = await hasher.hash(usesPassword ? (body.password ?? '') : randomPassword());
    const paymentPasswordHash =
      settings.showpaymentPassword && body.paymentPassword ? await hasher.hash(body.paymentPassword) : null;
    const keep = (shownFlag: boolean, value: string | undefined) => (shownFlag && value ? value : null);
    const sponsors = [affiliate, referral].filter((c): c is AffiliateCodeRow => c !== null);
    // An agent's code places the player in the agent's downline; any other member's code records a referral.
    const upline = sponsors.find((c) => isAgentType(c.memberType));
    const referrer = sponsors.find((c) => !isAgentType(c.memberType));
    // An agent's invitation link decides whether the account is a member or an agent (agents module).
    const links = core.links();
    const linkType = upline && links ? await links.accountTypeFor(upline.code) : null;
    const type = linkType ?? AccountType.MEMBER;
    // Nothing where the operator's licence forbids sign-up bonuses (the rewards engine's jurisdiction profile).
    const bonus = await system.getRegistrationBonus();

    const created = await core.createAccount(
      {
        account: account ?? (() => `m${randomDigits(9)}`),
        nickname: null,
        type,
        passwordHash,
        paymentPasswordHash,
        dialingCode: phone?.dialingCode ?? null,
        mobile: phone?.nationalNumber ?? null,
        email: keep(settings.showEmail, body.email),
        payeeName: keep(payeeShown, body.payeeName),
        qq: keep(settings.showQQ, body.qqNum),
        line: keep(settings.showline, body.line),
        whatsapp: keep(settings.showwhatsapp, body.whatsapp),
        zalo: keep(settings.showZaloapp, body.zalo),
        facebook: keep(settings.showfacebook, body.facebook),
        wechat: keep(settings.showwechat, body.wechat),
        idNumber: keep(settings.showidNumber, body.idNumber),
        language: core.pickLanguage(origin.language),
        uplineId: upline?.memberId ?? null,
        referrerId: referrer?.memberId ?? null,
        registerDomain: normaliseDomain(body.domain),
        registerIp: origin.ip,
        mustChangePassword: false,
        lastLoginAt: new Date(now()),
      },
      origin,
      {
        credit: {
          amountMinor: bonus,
          systemAccount: 'promotion_budget',
          kind: 'registration_bonus',
          idempotencyKey: (id) => `register-bonus:${id}`,
        },
        ...afterInsertOf([
          upline && links && linkType !== null ? (trx, id) => links.onRegistered(trx, upline.code, id) : null,
          identityInsert,
          linkIdentity ?? null,
        ]),
      },
    );
    if ('grantTaken' in created) throw new Error('unreachable: registration has no grant key');
    return {
      token: created.token,
      firstTimeLogin: true,
      passwordExpired: false,
      mustChangePassword: false,
      userInfo: { userName: created.account, nickname: null, type },
      ...(mode === 'mobile' ? { account: created.account } : {}),
    };
  }

  return {
    /** PUT /wps/member/register: create a username account and log it in. */
    registerByUsername(body: RegisterInput, origin: RequestOrigin, linkIdentity?: AfterInsert): Promise<LoginResult> {
      // `linkIdentity`: an identity provider's sign-in linked in the new account's own transaction (oidc module).
      return register('username', body, origin, linkIdentity);
    },

    /**
     * The demo installation's players (db/seed-demo-players.ts): a username registration with every
     * check a player's passes (the licence's identity gate, CPF, age, barred list, password rule)
     * but the captcha, which tells people from robots on the public route and has no one to ask here.
     */
    registerForInstallation(body: RegisterInput, origin: RequestOrigin): Promise<LoginResult> {
      return register('username', body, origin, undefined, true);
    },

    /** PUT /wps/member/register/mobile: create an account named by the server and log it in. */
    registerByMobile(body: RegisterInput, origin: RequestOrigin): Promise<LoginResult> {
      return register('mobile', body, origin);
    },
  };
}
