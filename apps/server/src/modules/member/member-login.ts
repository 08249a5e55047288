import { AccountType, DEFAULT_WEAK_PASSWORD, isTrialType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { LoginVerificationRequired } from '@wps/shared/schemas/login-verification';
import { AppError } from '../../http/app-error';
import { LOGIN_THROTTLE, createLoginThrottle } from './login-throttle';
import type { MemberCore } from './member-core';
import {
  MEMBER_LIMITS,
  failFields,
  hashKey,
  randomDigits,
  randomPassword,
  required,
  type FieldFailure,
  type RequestOrigin,
} from './member-helpers';
import {
  findCredentialsByAccount,
  findCredentialsById,
  findCredentialsByMobile,
  findFreeplayGrant,
  type CredentialRow,
} from './member.repository';
import { latePort } from '../../late-port';

export type LoginInput = {
  type: 'username' | 'sms';
  username: string;
  password: string;
  countryDialingCode?: string | undefined;
  captcha?: string | undefined;
  captchaKey?: string | undefined;
  deviceToken?: string | undefined;
};

/**
 * The login-verification module's code step for password logins from devices the account has
 * not remembered (wired in services.ts; docs/decisions.md, "Login from a new device").
 */
export type NewDeviceGate = {
  isEnabled(): Promise<boolean>;
  isTrusted(memberId: string, deviceToken: string | undefined, origin: RequestOrigin, touch: boolean): Promise<boolean>;
  challenge(
    member: { id: string; mustChangePassword: boolean; passwordExpired: boolean } | null,
    origin: RequestOrigin,
  ): Promise<LoginVerificationRequired>;
  /** Whether a code can reach the member; an account with no contact needs its agent's pass instead. */
  hasContact(memberId: string): Promise<boolean>;
  hasPass(memberId: string): Promise<boolean>;
  /** Use the agent's pass and remember this device; null when none is left. */
  usePass(memberId: string, origin: RequestOrigin): Promise<{ deviceToken: string; deviceId?: string } | null>;
};

/** Login by password or SMS code, and free play. */
export function createLogin(core: MemberCore) {
  const { db, hasher, now } = core;
  const { system, rateLimiter, otp } = core.ctx;

  const throttle = createLoginThrottle(rateLimiter, now);
  const newDevicesPort = latePort<NewDeviceGate>('member.newDeviceGate');

  async function loginWithPassword(
    body: LoginInput,
    origin: RequestOrigin,
  ): Promise<(LoginResult & { deviceToken?: string; deviceId?: string }) | LoginVerificationRequired> {
    const account = body.username.trim().toLowerCase();
    const { captcha } = await throttle.admit(account, origin.ip);
    if (captcha) await core.checkCaptcha(body.captchaKey, body.captcha);

    const row = await findCredentialsByAccount(db, account);
    const valid = row ? await hasher.verify(body.password, row.passwordHash) : await hasher.verifyDummy(body.password);
    let passDevice: { deviceToken: string; deviceId?: string } | null = null;
    const newDevices = newDevicesPort.get();
    if (await newDevices.isEnabled()) {
      const trusted = row ? await newDevices.isTrusted(row.id, body.deviceToken, origin, valid) : false;
      if (!trusted && row && row.status === 'active' && !(await newDevices.hasContact(row.id))) {
        // No code can reach this account (every register-centre account): a challenge would wait
        // for ever, so the answer says so and names the way in, the agent's pass (docs/decisions.md,
        // "Login from a new device"). It comes for a right and a wrong password alike, so it tells
        // nothing of the password; while a pass waits, a right password uses it.
        passDevice = valid ? await newDevices.usePass(row.id, origin) : null;
        if (!passDevice) {
          const next = await throttle.failed(account, origin.ip);
          core.ctx.metrics?.loginFailed('member');
          if (!valid && (await newDevices.hasPass(row.id)))
            throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Incorrect username or password', {
              captcha: next.captcha,
            });
          throw new AppError(
            ErrorCode.DEVICE_VERIFICATION_NO_CONTACT,
            'This account has no mobile or e-mail for a login code; ask your agent to let this login through',
            { captcha: next.captcha },
          );
        }
      } else if (!trusted) {
        // Every attempt from a device not remembered answers alike, and counts as a failure
        // until its code is given, so neither the answer nor the throttle tells a right password.
        await throttle.failed(account, origin.ip);
        const admitted = row && valid && row.status === 'active' ? row : null;
        if (!admitted) core.ctx.metrics?.loginFailed('member');
        const flags = admitted ? await mustChangeFlags(admitted, body.password) : null;
        return newDevices.challenge(admitted && flags ? { id: admitted.id, ...flags } : null, origin);
      }
    }
    if (!row || !valid) {
      const next = await throttle.failed(account, origin.ip);
      core.ctx.metrics?.loginFailed('member');
      throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Incorrect username or password', { captcha: next.captcha });
    }
    if (row.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account is disabled');
    await throttle.succeeded(account, origin.ip);

    const isDefault = body.password === DEFAULT_WEAK_PASSWORD;
    const { mustChangePassword, passwordExpired } = await mustChangeFlags(row, body.password);
    const upgradedHash =
      !isDefault && hasher.needsRehash(row.passwordHash) ? await hasher.hash(body.password) : undefined;
    const session = await core.startSession(row, origin, {
      mustChangePassword,
      passwordExpired,
      persistMustChange: isDefault,
      upgradedHash,
    });
    return passDevice ? { ...session, ...passDevice } : session;
  }

  async function mustChangeFlags(
    row: CredentialRow,
    password: string,
  ): Promise<{ mustChangePassword: boolean; passwordExpired: boolean }> {
    const trial = isTrialType(row.type);
    const age = trial ? { expired: false, forceChange: false } : await core.passwordAge(row);
    return {
      mustChangePassword: !trial && (password === DEFAULT_WEAK_PASSWORD || row.mustChangePassword || age.forceChange),
      passwordExpired: age.expired,
    };
  }

  async function loginWithSms(body: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
    await core.requireModules('MOBILEVERCODELOGIN3');
    const mobile = body.username.trim();
    const failures: FieldFailure[] = [];
    if (!/^\d{4,15}$/.test(mobile))
      failures.push({ field: 'username', code: 'pattern', patternId: 6, min: 4, max: 15 });
    if (!body.countryDialingCode) failures.push(required('countryDialingCode'));
    if (failures.length > 0 || !body.countryDialingCode) failFields(failures);
    await rateLimiter.consume('login-ip', origin.ip, LOGIN_THROTTLE.perIp.limit, LOGIN_THROTTLE.perIp.windowSeconds);
    const phone = await core.phones.normalise(body.countryDialingCode, mobile, {
      dialingCode: 'countryDialingCode',
      mobile: 'username',
    });
    // The code's own limits (5 wrong tries, checks per number and IP) stand in for the captcha here.
    await otp.verify({
      purpose: 'login',
      dialingCode: phone.dialingCode,
      mobile: phone.nationalNumber,
      code: body.password,
      ip: origin.ip,
    });
    const row = await findCredentialsByMobile(db, phone.e164);
    if (!row)
      throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'No account uses this mobile number', { captcha: false });
    const age = await core.passwordAge(row);
    // The change-password step is skipped for SMS login.
    return core.startSession(row, origin, { mustChangePassword: false, passwordExpired: age.expired });
  }

  return {
    /** POST /wps/session/login by password or SMS code. */
    login(body: LoginInput, origin: RequestOrigin): Promise<LoginResult | LoginVerificationRequired> {
      return body.type === 'sms' ? loginWithSms(body, origin) : loginWithPassword(body, origin);
    },

    latePorts: [newDevicesPort],

    /** Where password logins from devices not remembered go for their code step (services.ts). */
    useNewDeviceGate(gate: NewDeviceGate): void {
      newDevicesPort.set(gate);
    },

    /** POST /wps/session/login/verify, once the code was right: the session the password login would have opened. */
    async loginVerified(
      login: { memberId: string; mustChangePassword: boolean; passwordExpired: boolean },
      origin: RequestOrigin,
    ): Promise<LoginResult> {
      const row = await findCredentialsById(db, login.memberId);
      if (!row) throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Incorrect username or password', { captcha: false });
      const result = await core.startSession(row, origin, {
        mustChangePassword: login.mustChangePassword,
        passwordExpired: login.passwordExpired,
      });
      await throttle.succeeded(row.account, origin.ip);
      return result;
    },

    /**
     * POST /wps/session/refresh, once the refresh token was spent: a new session for the member of
     * the sign-in, opened as a login opens one (the account's status, the identity gate, the
     * session.open door and the responsible-gaming guard), with the password flags the member's
     * row gives now (a default password was recorded on the member at its login).
     */
    async resumeSession(memberId: string, familyId: string, origin: RequestOrigin): Promise<LoginResult> {
      const row = await findCredentialsById(db, memberId);
      if (!row) throw new AppError(ErrorCode.REFRESH_TOKEN_INVALID, 'Sign-in ended on this browser; log in again');
      const trial = isTrialType(row.type);
      const age = trial ? { expired: false, forceChange: false } : await core.passwordAge(row);
      return core.startSession(row, origin, {
        mustChangePassword: !trial && (row.mustChangePassword || age.forceChange),
        passwordExpired: age.expired,
        refreshFamilyId: familyId,
      });
    },

    /**
     * POST /wps/session/login/freeplay: a trial account with a demo balance. Requests with one
     * client key (from one IP) share one account and one demo credit, however many run at once.
     */
    async loginFreeplay(
      body: { random: string; idempotencyKey?: string | undefined },
      origin: RequestOrigin,
    ): Promise<LoginResult> {
      await core.requireModules('FREEPLAY3');
      await rateLimiter.consume(
        'freeplay-ip',
        origin.ip,
        MEMBER_LIMITS.freeplayPerIp.limit,
        MEMBER_LIMITS.freeplayPerIp.windowSeconds,
      );
      // Bound to the IP too, so a leaked key does not hand a stranger the trial account.
      const grantKey = hashKey(`freeplay\u0000${origin.ip}\u0000${body.idempotencyKey ?? body.random}`);
      const loginExisting = async (memberId: string): Promise<LoginResult> => {
        const row = await findCredentialsById(db, memberId);
        if (!row || !isTrialType(row.type)) throw new Error(`freeplay grant points at a non-trial member ${memberId}`);
        return core.startSession(row, origin, { mustChangePassword: false, passwordExpired: false });
      };
      const existing = await findFreeplayGrant(db, grantKey);
      if (existing) return loginExisting(existing);

      const operator = await system.getOperatorConfig();
      const created = await core.createAccount(
        {
          account: () => `demo${randomDigits(8)}`,
          nickname: null,
          type: AccountType.TRIAL,
          passwordHash: await hasher.hash(randomPassword()),
          paymentPasswordHash: null,
          dialingCode: null,
          mobile: null,
          email: null,
          payeeName: null,
          qq: null,
          line: null,
          whatsapp: null,
          zalo: null,
          facebook: null,
          wechat: null,
          idNumber: null,
          language: core.pickLanguage(origin.language),
          uplineId: null,
          referrerId: null,
          registerDomain: null,
          registerIp: origin.ip,
          mustChangePassword: false,
          lastLoginAt: new Date(now()),
        },
        origin,
        {
          grantKey,
          credit: {
            amountMinor: BigInt(String(operator.freeplayDemoBalanceMinor || '0')),
            systemAccount: 'demo_bank',
            kind: 'freeplay_demo_credit',
            idempotencyKey: () => `freeplay:${grantKey}`,
          },
        },
      );
      if ('grantTaken' in created) {
        const memberId = await findFreeplayGrant(db, grantKey);
        if (!memberId) throw new Error('freeplay grant vanished after a conflict');
        return loginExisting(memberId);
      }
      return {
        token: created.token,
        firstTimeLogin: true,
        passwordExpired: false,
        mustChangePassword: false,
        userInfo: { userName: created.account, nickname: null, type: AccountType.TRIAL },
      };
    },
  };
}
