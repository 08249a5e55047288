/**
 * Property test: every call of the foundation API, fed random bodies, queries and headers,
 * never answers 5xx and always answers in the envelope.
 *
 * Runs on PGlite only: the property is about input handling (parsing, validation, decryption,
 * auth), which does not depend on the database engine, and the database suites already cover
 * PostgreSQL behaviour.
 *
 * | method | path                                | enc | token | query / body shape                                             |
 * |--------|-------------------------------------|-----|-------|----------------------------------------------------------------|
 * | GET    | /wps/session/key/rsa                |     |       | -                                                              |
 * | POST   | /wps/session/login                  | yes |       | type, username, password, countryDialingCode, captcha(Key)     |
 * | POST   | /wps/session/login/freeplay         | yes |       | os, platform, random, gatewayVersion, idempotencyKey           |
 * | DELETE | /wps/session/logout                 |     | yes   | -                                                              |
 * | POST   | /wps/session/exchange-code          |     | yes   | -                                                              |
 * | POST   | /wps/session/login/exchange         |     |       | code                                                           |
 * | POST   | /wps/verification/sms/noLogin       |     |       | countryDialingCode, mobileNum                                  |
 * | POST   | /wps/verification/sms/register      |     |       | countryDialingCode, mobileNo, captcha, captchaKey              |
 * | POST   | /wps/verification/sms/password      |     |       | countryDialingCode, mobileNum                                  |
 * | GET    | /wps/system/whitelabel              |     |       | -                                                              |
 * | GET    | /wps/system/setting/register        |     |       | -                                                              |
 * | GET    | /wps/system/status                  |     |       | -                                                              |
 * | GET    | /wps/system/country                 |     |       | -                                                              |
 * | GET    | /wps/system/permission              |     |       | ?url                                                           |
 * | GET    | /wps/captcha                        |     |       | ?captchaKey                                                    |
 * | PUT    | /wps/member/register                | yes |       | username, password, confirmPassword, agree, mobileNum, ...     |
 * | PUT    | /wps/member/register/mobile         | yes |       | mobileNum, countryDialingCode, verificationCode, agree, ...    |
 * | GET    | /wps/member/info                    |     | yes   | -                                                              |
 * | PUT    | /wps/member/language                |     | yes   | language                                                       |
 * | GET    | /wps/member/info/icon               |     | yes   | -                                                              |
 * | PUT    | /wps/member/info/icon               |     | yes   | avatarId                                                       |
 * | GET    | /wps/relay/MCSFE_getPlayerAvatar    |     | yes   | -                                                              |
 * | GET    | /wps/agent/affiliate                |     |       | ?code, domain                                                  |
 * | GET    | /wps/v2/wallets/balance             |     | yes   | -                                                              |
 * | GET    | /wps/withdraw/info                  |     | yes   | -                                                              |
 * | POST   | /wps/withdraw/orders                | yes | yes   | amount, bankAccountId, paymentPassword, idempotencyKey         |
 * | POST   | /wps/withdraw/orders/1/confirm      |     | yes   | result                                                         |
 * | POST   | /wps/withdraw/orders/1/not-received |     | yes   | (multipart expected; random bodies)                            |
 * | POST   | /wps/member/transfer/upline         | yes | yes   | amount, paymentPassword, idempotencyKey                        |
 * | GET    | /wps/member/info/funds/consolidated |     | yes   | -                                                              |
 * | GET    | /wps/member/transactions            |     | yes   | ?type, from, to, page, pageSize                                |
 * | GET    | /ops/withdrawals (+ /1/proofs/0)    |     | yes   | ?status, limit (member token: refused)                         |
 * | POST   | /ops/withdrawals/1/approve, reject  |     | yes   | reason (member token: refused)                                 |
 * | PUT    | /ops/withdrawal-settings            |     | yes   | min/maxAmountMinor, dailyCountLimit, autoReceiptMinutes        |
 * | POST   | /wps/member/password/email          |     |       | form-urlencoded: username, email                               |
 * | POST   | /wps/member/password/verification   | yes |       | mobileNum, countryDialingCode, verificationCode, newPassword   |
 * | POST   | /wps/member/password/reset          | yes |       | token (from the reset e-mail), newPassword, confirmNewPassword |
 * | POST   | /wps/member/password                | yes | yes   | oldPassword, newPassword, confirmNewPassword                   |
 * | GET    | /dev/outbox/sms                     |     |       | ?mobile (served while the outbox SMS provider is active)       |
 * | GET    | /dev/outbox/email                   |     |       | ?to (served while the outbox email provider is active)         |
 * | GET    | /wps/member/security                |     | yes   | - (security centre summary)                                    |
 * | PUT    | /wps/member/payment-password        | yes | yes   | oldPaymentPassword, newPaymentPassword, confirmPaymentPassword |
 * | PUT    | /wps/member/payee-name              |     | yes   | payeeName                                                      |
 * | GET    | /wps/member/banks                   |     | yes   | -                                                              |
 * | PUT    | /wps/member/bank-accounts           |     | yes   | bankCode, accountNumber, holderName                            |
 * | POST   | /wps/verification/email/bind        |     | yes   | email                                                          |
 * | POST   | /wps/member/email                   |     | yes   | email, verificationCode                                        |
 * | POST   | /wps/verification/sms/bind          |     | yes   | countryDialingCode, mobileNum                                  |
 * | POST   | /wps/member/mobile                  |     | yes   | countryDialingCode, mobileNum, verificationCode                |
 * | GET    | /wps/deposit/channels               |     | yes   | -                                                              |
 * | POST   | /wps/deposit/orders                 |     | yes   | channelId, amount, idempotencyKey                              |
 * | GET    | /wps/deposit/orders                 |     | yes   | ?page, pageSize                                                |
 * | POST   | /wps/deposit/webhook/sandbox        |     |       | raw signed JSON: event, paymentRef, merchantRef, amountMinor…  |
 * | GET    | /wps/relay/CSP_unreadCount          |     | yes   | -                                                              |
 * | GET    | /wps/messages                       |     | yes   | ?page, pageSize                                                |
 * | POST   | /wps/messages/read                  |     | yes   | ids                                                            |
 * | POST   | /wps/relay/GCSGAME_newGameVendor, GCSGAME_hotGamesV2, GCSGAME_getRankList | | | platform; vassalage, gameType; size |
 * | POST   | /wps/relay/GCSGAME_gameList         |     | yes   | pageNo, pageSize, vassalage, gameType, gameClassify, gameName, minBet, minLineNum |
 * | POST   | /wps/relay/GCSGAME_getVassGameType, MCSFE_*Favorite*, GCS_recentGame | | yes | vassalage; nodeId, vendor, gameType; pageNo, pageSize |
 * | *      | /ops/session/*, /ops/audit, /ops/deposit-channels, /ops/deposits/* | | member token (refused) | see docs/api.md |
 * | PUT    | /ops/vendors/:vassalage/status, /ops/games/:nodeId/status | | member token (refused) | status, reason |
 *
 * The password change runs last among the authenticated variants and logout is fuzzed with
 * fresh sessions, so neither cuts the shared token short for the other calls.
 *
 * Encoded paths: under maintenance, every gated /wps call above respelled at random
 * (percent-encoded characters, flipped case, dot and doubled segments, `;` parameters, encoded
 * slashes, trailing slashes) answers 503 SYSTEM_MAINTENANCE or 404 NOT_FOUND: never 200, never
 * another 5xx.
 * Those requests go over a real socket: `app.inject` would resolve dot segments first.
 */
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCRYPTED_PATHS, MAX_BODY_BYTES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { encryptPayload } from '@wps/shared/payload-crypto';
import type { RsaKeyResult } from '@wps/shared/schemas/session';
import { disableRegisterCaptcha, login, registerUser, strongPassword, uniqueUsername } from './api-client';
import { wrongValue } from './fuzz-values';
import { applyEdit, pathEdit } from './path-spellings';
import { rawRequest } from './raw-http';
import { createTestApp, type TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Endpoint = {
  method: Method;
  path: string;
  encrypted: boolean;
  token: boolean;
  /** Field names of the body (or of the query for GETs) that the schema knows. */
  fields: readonly string[];
  form?: boolean;
};

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', path: '/wps/session/key/rsa', encrypted: false, token: false, fields: [] },
  {
    method: 'POST',
    path: '/wps/session/login',
    encrypted: true,
    token: false,
    fields: ['type', 'username', 'password', 'countryDialingCode', 'captcha', 'captchaKey', 'deviceToken'],
  },
  {
    method: 'POST',
    path: '/wps/session/login/freeplay',
    encrypted: true,
    token: false,
    fields: ['os', 'platform', 'random', 'gatewayVersion', 'idempotencyKey'],
  },
  { method: 'POST', path: '/wps/session/exchange-code', encrypted: false, token: true, fields: [] },
  // Sign-in with an identity provider: the pending sign-in lives in the flow's cookie, which random input never has.
  { method: 'POST', path: '/wps/oidc/pending/link', encrypted: false, token: true, fields: [] },
  {
    method: 'POST',
    path: '/wps/oidc/pending/register',
    encrypted: true,
    token: false,
    fields: [
      'username',
      'password',
      'confirmPassword',
      'agree',
      'mobileNum',
      'countryDialingCode',
      'email',
      'captcha',
      'captchaKey',
      'affiliateCode',
      'referralCode',
      'verificationCode',
    ],
  },
  { method: 'POST', path: '/wps/session/login/exchange', encrypted: false, token: false, fields: ['code'] },
  {
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    encrypted: false,
    token: false,
    fields: ['countryDialingCode', 'mobileNum'],
  },
  {
    method: 'POST',
    path: '/wps/verification/sms/register',
    encrypted: false,
    token: false,
    fields: ['countryDialingCode', 'mobileNo', 'captcha', 'captchaKey'],
  },
  {
    method: 'POST',
    path: '/wps/verification/sms/password',
    encrypted: false,
    token: false,
    fields: ['countryDialingCode', 'mobileNum'],
  },
  { method: 'GET', path: '/wps/system/whitelabel', encrypted: false, token: false, fields: [] },
  { method: 'GET', path: '/wps/system/setting/register', encrypted: false, token: false, fields: [] },
  { method: 'GET', path: '/wps/system/status', encrypted: false, token: false, fields: [] },
  { method: 'GET', path: '/wps/system/country', encrypted: false, token: false, fields: [] },
  { method: 'GET', path: '/wps/system/permission', encrypted: false, token: false, fields: ['url'] },
  { method: 'GET', path: '/wps/captcha', encrypted: false, token: false, fields: ['captchaKey'] },
  {
    method: 'PUT',
    path: '/wps/member/register',
    encrypted: true,
    token: false,
    fields: [
      'username',
      'password',
      'confirmPassword',
      'agree',
      'mobileNum',
      'countryDialingCode',
      'email',
      'captcha',
      'captchaKey',
      'affiliateCode',
      'referralCode',
      'verificationCode',
    ],
  },
  {
    method: 'PUT',
    path: '/wps/member/register/mobile',
    encrypted: true,
    token: false,
    fields: ['mobileNum', 'countryDialingCode', 'verificationCode', 'password', 'agree', 'captcha', 'captchaKey'],
  },
  { method: 'GET', path: '/wps/member/info', encrypted: false, token: true, fields: [] },
  { method: 'PUT', path: '/wps/member/language', encrypted: false, token: true, fields: ['language'] },
  { method: 'GET', path: '/wps/member/info/icon', encrypted: false, token: true, fields: [] },
  { method: 'PUT', path: '/wps/member/info/icon', encrypted: false, token: true, fields: ['avatarId'] },
  { method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar', encrypted: false, token: true, fields: [] },
  { method: 'GET', path: '/wps/agent/affiliate', encrypted: false, token: false, fields: ['code', 'domain'] },
  { method: 'GET', path: '/wps/v2/wallets/balance', encrypted: false, token: true, fields: [] },
  {
    method: 'POST',
    path: '/wps/member/password/email',
    encrypted: false,
    token: false,
    fields: ['username', 'email'],
    form: true,
  },
  {
    method: 'POST',
    path: '/wps/member/password/verification',
    encrypted: true,
    token: false,
    fields: ['mobileNum', 'countryDialingCode', 'verificationCode', 'newPassword', 'confirmNewPassword'],
  },
  {
    method: 'POST',
    path: '/wps/member/password/reset',
    encrypted: true,
    token: false,
    fields: ['token', 'newPassword', 'confirmNewPassword'],
  },
  {
    method: 'POST',
    path: '/wps/member/password',
    encrypted: true,
    token: true,
    fields: ['oldPassword', 'newPassword', 'confirmNewPassword'],
  },
  { method: 'GET', path: '/dev/outbox/sms', encrypted: false, token: false, fields: ['mobile'] },
  { method: 'GET', path: '/dev/outbox/email', encrypted: false, token: false, fields: ['to'] },
  // Security centre.
  { method: 'GET', path: '/wps/member/security', encrypted: false, token: true, fields: [] },
  {
    method: 'PUT',
    path: '/wps/member/payment-password',
    encrypted: true,
    token: true,
    fields: ['oldPaymentPassword', 'newPaymentPassword', 'confirmPaymentPassword'],
  },
  { method: 'PUT', path: '/wps/member/payee-name', encrypted: false, token: true, fields: ['payeeName'] },
  { method: 'GET', path: '/wps/member/banks', encrypted: false, token: true, fields: [] },
  {
    method: 'PUT',
    path: '/wps/member/bank-accounts',
    encrypted: false,
    token: true,
    fields: ['bankCode', 'accountNumber', 'holderName'],
  },
  { method: 'POST', path: '/wps/verification/email/bind', encrypted: false, token: true, fields: ['email'] },
  { method: 'POST', path: '/wps/member/email', encrypted: false, token: true, fields: ['email', 'verificationCode'] },
  {
    method: 'POST',
    path: '/wps/verification/sms/bind',
    encrypted: false,
    token: true,
    fields: ['countryDialingCode', 'mobileNum'],
  },
  {
    method: 'POST',
    path: '/wps/member/mobile',
    encrypted: false,
    token: true,
    fields: ['countryDialingCode', 'mobileNum', 'verificationCode'],
  },
  // Withdrawals, transfers, account record. Operator calls get a member token: refused, never 5xx.
  { method: 'GET', path: '/wps/withdraw/info', encrypted: false, token: true, fields: [] },
  {
    method: 'POST',
    path: '/wps/withdraw/orders',
    encrypted: true,
    token: true,
    fields: ['amount', 'bankAccountId', 'paymentPassword', 'idempotencyKey'],
  },
  { method: 'POST', path: '/wps/withdraw/orders/1/confirm', encrypted: false, token: true, fields: ['result'] },
  { method: 'POST', path: '/wps/withdraw/orders/1/not-received', encrypted: false, token: true, fields: ['proofs'] },
  {
    method: 'POST',
    path: '/wps/member/transfer/upline',
    encrypted: true,
    token: true,
    fields: ['amount', 'paymentPassword', 'idempotencyKey'],
  },
  // The agent centre's transfer to a downline and register centre carry passwords, so they are encrypted.
  {
    method: 'POST',
    path: '/wps/agent/centre/transfer',
    encrypted: true,
    token: true,
    fields: ['memberId', 'amount', 'paymentPassword', 'idempotencyKey'],
  },
  {
    method: 'POST',
    path: '/wps/agent/centre/register',
    encrypted: true,
    token: true,
    fields: ['type', 'username', 'password', 'confirmPassword'],
  },
  // Points: redeem and convert carry the payment password, so they are encrypted.
  {
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    encrypted: true,
    token: true,
    fields: ['itemId', 'paymentPassword', 'idempotencyKey'],
  },
  {
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_convertPoint',
    encrypted: true,
    token: true,
    fields: ['points', 'paymentPassword', 'idempotencyKey'],
  },
  { method: 'GET', path: '/wps/member/info/funds/consolidated', encrypted: false, token: true, fields: [] },
  {
    method: 'GET',
    path: '/wps/member/transactions',
    encrypted: false,
    token: true,
    fields: ['type', 'from', 'to', 'page', 'pageSize'],
  },
  {
    method: 'GET',
    path: '/ops/withdrawals',
    encrypted: false,
    token: true,
    fields: ['status', 'page', 'pageSize', 'sort', 'order'],
  },
  { method: 'GET', path: '/ops/withdrawals/1/proofs/0', encrypted: false, token: true, fields: [] },
  { method: 'POST', path: '/ops/withdrawals/1/approve', encrypted: false, token: true, fields: ['reason'] },
  { method: 'POST', path: '/ops/withdrawals/1/reject', encrypted: false, token: true, fields: ['reason'] },
  {
    method: 'PUT',
    path: '/ops/withdrawal-settings',
    encrypted: false,
    token: true,
    fields: ['minAmountMinor', 'maxAmountMinor', 'dailyCountLimit', 'autoReceiptMinutes'],
  },
  // Deposits, notices, operator sessions. The sandbox pay page answers HTML, not the envelope, and is
  // covered by the deposit tests; its webhook is fuzzed here (every random body fails the signature or the parse).
  { method: 'GET', path: '/wps/deposit/channels', encrypted: false, token: true, fields: [] },
  {
    method: 'POST',
    path: '/wps/deposit/orders',
    encrypted: false,
    token: true,
    fields: ['channelId', 'amount', 'idempotencyKey'],
  },
  { method: 'GET', path: '/wps/deposit/orders', encrypted: false, token: true, fields: ['page', 'pageSize'] },
  {
    method: 'POST',
    path: '/wps/deposit/webhook/sandbox',
    encrypted: false,
    token: false,
    fields: ['event', 'paymentRef', 'merchantRef', 'amountMinor', 'currency', 'timestamp'],
  },
  { method: 'GET', path: '/wps/relay/CSP_unreadCount', encrypted: false, token: true, fields: [] },
  { method: 'GET', path: '/wps/messages', encrypted: false, token: true, fields: ['page', 'pageSize'] },
  { method: 'POST', path: '/wps/messages/read', encrypted: false, token: true, fields: ['ids'] },
  {
    method: 'POST',
    path: '/ops/session/login',
    encrypted: false,
    token: false,
    fields: ['username', 'password', 'code'],
  },
  { method: 'POST', path: '/ops/session/enrol', encrypted: false, token: false, fields: ['enrolmentToken', 'code'] },
  { method: 'GET', path: '/ops/operators', encrypted: false, token: true, fields: [] },
  { method: 'POST', path: '/ops/operators/op.x/totp-reset', encrypted: false, token: true, fields: ['reason'] },
  { method: 'GET', path: '/ops/session/me', encrypted: false, token: true, fields: [] },
  { method: 'DELETE', path: '/ops/session/logout', encrypted: false, token: true, fields: [] },
  {
    method: 'GET',
    path: '/ops/audit',
    encrypted: false,
    token: true,
    fields: ['page', 'pageSize', 'subjectType', 'subjectId', 'action'],
  },
  { method: 'GET', path: '/ops/deposit-channels', encrypted: false, token: true, fields: [] },
  {
    method: 'PUT',
    path: '/ops/deposit-channels',
    encrypted: false,
    token: true,
    fields: [
      'id',
      'name',
      'type',
      'currency',
      'minMinor',
      'maxMinor',
      'feeFixedMinor',
      'feeBps',
      'enabled',
      'sort',
      'bankName',
      'accountNumber',
      'accountHolder',
      'provider',
    ],
  },
  {
    method: 'GET',
    path: '/ops/deposits',
    encrypted: false,
    token: true,
    fields: ['status', 'type', 'page', 'pageSize', 'sort', 'order'],
  },
  { method: 'POST', path: '/ops/deposits/1/confirm', encrypted: false, token: true, fields: ['reason'] },
  { method: 'POST', path: '/ops/deposits/1/reject', encrypted: false, token: true, fields: ['reason'] },
  // Game catalogue.
  { method: 'POST', path: '/wps/relay/GCSGAME_newGameVendor', encrypted: false, token: false, fields: ['platform'] },
  {
    method: 'POST',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    encrypted: false,
    token: false,
    fields: ['vassalage', 'gameType', 'merchantCode', 'isPlatform'],
  },
  { method: 'POST', path: '/wps/relay/GCSGAME_getRankList', encrypted: false, token: false, fields: ['size'] },
  {
    method: 'POST',
    path: '/wps/relay/GCSGAME_gameList',
    encrypted: false,
    token: true,
    fields: ['pageNo', 'pageSize', 'vassalage', 'gameType', 'gameClassify', 'gameName', 'minBet', 'minLineNum'],
  },
  { method: 'POST', path: '/wps/relay/GCSGAME_getVassGameType', encrypted: false, token: true, fields: ['vassalage'] },
  { method: 'POST', path: '/wps/relay/MCSFE_getFavoriteGames', encrypted: false, token: true, fields: [] },
  {
    method: 'POST',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    encrypted: false,
    token: true,
    fields: ['pageNo', 'pageSize', 'gameType'],
  },
  {
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGame',
    encrypted: false,
    token: true,
    fields: ['nodeId', 'vendor', 'gameType'],
  },
  {
    method: 'POST',
    path: '/wps/relay/MCSFE_removeFavoriteGame',
    encrypted: false,
    token: true,
    fields: ['nodeId', 'vendor', 'gameType'],
  },
  {
    method: 'POST',
    path: '/wps/relay/GCS_recentGame',
    encrypted: false,
    token: true,
    fields: ['pageNo', 'pageSize', 'vassalage'],
  },
  { method: 'GET', path: '/ops/vendors', encrypted: false, token: true, fields: [] },
  { method: 'GET', path: '/ops/games', encrypted: false, token: true, fields: ['vassalage'] },
  { method: 'PUT', path: '/ops/vendors/SBX/status', encrypted: false, token: true, fields: ['status', 'reason'] },
  { method: 'PUT', path: '/ops/games/SBX-slot-01/status', encrypted: false, token: true, fields: ['status', 'reason'] },
];

const LOGOUT: Endpoint = { method: 'DELETE', path: '/wps/session/logout', encrypted: false, token: true, fields: [] };

/** Runs per endpoint and variant: enough to hit every generator branch, small enough for < 60 s. */
const RUNS = 40;

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/** Printable ASCII: what a real HTTP client can put in a header. */
const headerText = fc.string({ maxLength: 80 });

const hugeString = fc.integer({ min: 1_000, max: MAX_BODY_BYTES + 8_000 }).map((n) => 'x'.repeat(n));

/** Values that pass (or nearly pass) each field's schema, so random requests also reach the handlers. */
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  username: fc.stringMatching(/^[a-z][a-z0-9]{3,14}$/),
  password: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{6,20}$/), fc.constant('{secret}')),
  confirmPassword: fc.stringMatching(/^[A-Za-z0-9]{6,20}$/),
  oldPassword: fc.stringMatching(/^[A-Za-z0-9]{6,20}$/),
  newPassword: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{6,20}$/), fc.constant('123456')),
  confirmNewPassword: fc.stringMatching(/^[A-Za-z0-9]{6,20}$/),
  countryDialingCode: fc.constantFrom('55', '+55', '86', '1', '+351', '999'),
  mobileNum: digits(8, 11),
  mobileNo: digits(8, 11),
  mobile: digits(9, 13),
  verificationCode: digits(6, 6),
  agree: fc.boolean(),
  type: fc.constantFrom('username', 'sms'),
  email: fc.emailAddress(),
  to: fc.emailAddress(),
  language: fc.constantFrom('EN', 'PT', 'PT-BR', 'XX', 'en'),
  captcha: fc.stringMatching(/^[A-Za-z0-9]{4,5}$/),
  captchaKey: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
  random: fc.stringMatching(/^[A-Za-z0-9]{8,40}$/),
  idempotencyKey: fc.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
  platform: fc.constantFrom('W', 'A', 'I'),
  gatewayVersion: fc.integer({ min: 0, max: 5 }),
  token: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  code: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
  affiliateCode: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
  referralCode: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
  domain: fc.domain(),
  url: fc.webUrl(),
  payeeName: fc.constantFrom('Maria Silva', 'maria  silva', 'Ana', 'José da Costa', ' '),
  holderName: fc.constantFrom('Maria Silva', 'MARIA SILVA', 'Other Name', ''),
  bankCode: fc.constantFrom('001', '341', '260', '999', 'x'),
  accountNumber: fc.oneof(digits(4, 20), fc.constantFrom('1234-5', '12.345.678-9', 'abc')),
  // A small pool, so new and confirmation often match and requests reach the handler.
  oldPaymentPassword: fc.constantFrom('483920', '592817', '000111'),
  newPaymentPassword: fc.constantFrom('483920', '592817', '123456', 'abcdef', '4839201'),
  confirmPaymentPassword: fc.constantFrom('483920', '592817'),
  avatarId: fc.integer({ min: -1, max: 10 }),
  amount: fc.oneof(
    fc.stringMatching(/^\d{1,6}(\.\d{1,3})?$/),
    fc.constantFrom('0', '10', '1e3', '-5', '99999999999999999999'),
  ),
  bankAccountId: fc.oneof(digits(1, 4), fc.constantFrom('0', 'abc', '99999999999999999999')),
  paymentPassword: digits(6, 6),
  result: fc.constantFrom('received', 'fully_paid', 'not_received', 'x'),
  reason: fc.string({ maxLength: 60 }),
  status: fc.constantFrom('pending', 'approved', 'rejected', 'disputed', 'completed', 'x'),
  from: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  page: fc.integer({ min: -1, max: 5 }),
  pageSize: fc.integer({ min: -1, max: 200 }),
  limit: fc.integer({ min: -1, max: 300 }),
  minAmountMinor: digits(1, 8),
  maxAmountMinor: digits(1, 8),
  dailyCountLimit: fc.integer({ min: -1, max: 2000 }),
  autoReceiptMinutes: fc.integer({ min: -1, max: 100_000 }),
  channelId: fc.oneof(fc.constantFrom('1', '2', '0', '999999', 'abc'), digits(1, 19)),
  ids: fc.array(fc.oneof(digits(1, 4), fc.constantFrom('x', '')), { maxLength: 5 }),
  event: fc.constantFrom('payment.succeeded', 'payment.failed', 'x'),
  paymentRef: fc.stringMatching(/^sbx_[a-f0-9]{24}$/),
  merchantRef: digits(1, 4),
  amountMinor: fc.oneof(digits(1, 8), fc.constantFrom('0', '-1', '1.5')),
  currency: fc.constantFrom('BRL', 'USD', 'x'),
  timestamp: fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), fc.constant(Math.floor(Date.now() / 1000))),
  feeBps: fc.integer({ min: -1, max: 10_001 }),
  feeFixedMinor: digits(1, 6),
  sort: fc.integer({ min: -2000, max: 2000 }),
  provider: fc.constantFrom('sandbox', 'other'),
  subjectType: fc.constantFrom('deposit_order', 'deposit_channel', ''),
};

/** Objects with the schema's own keys (and a few extra), each given a plausible or a wrong value. */
function shapedObject(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const valueFor = (k: string) =>
    PLAUSIBLE[k] ? fc.oneof({ weight: 3, arbitrary: PLAUSIBLE[k] }, wrongValue) : wrongValue;
  const known = fields.length
    ? fc
        .subarray([...fields], { minLength: Math.min(1, fields.length) })
        .chain((keys) =>
          fc
            .tuple(...keys.map((k) => valueFor(k).map((v) => [k, v] as const)))
            .map((pairs) => Object.fromEntries(pairs)),
        )
    : fc.constant({});
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), wrongValue, { maxKeys: 3 });
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** Every known field with a plausible value: requests that pass validation and exercise the services. */
function plausibleObject(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const withPlausible = fields.filter((k) => PLAUSIBLE[k]);
  if (withPlausible.length === 0) return fc.constant({});
  return fc
    .tuple(...withPlausible.map((k) => (PLAUSIBLE[k] as fc.Arbitrary<unknown>).map((v) => [k, v] as const)))
    .map((pairs) => Object.fromEntries(pairs));
}

const base64Garbage = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64')),
  fc.base64String({ maxLength: 120 }),
  fc.string({ maxLength: 60 }),
);

/** Objects that look like the encrypted envelope but carry garbage. */
function envelopeGarbage(keyId: string): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      keyId: fc.oneof(fc.constant(keyId), fc.string({ maxLength: 70 }), wrongValue),
      key: fc.oneof(base64Garbage, wrongValue),
      iv: fc.oneof(base64Garbage, wrongValue),
      data: fc.oneof(base64Garbage, wrongValue),
    },
    { requiredKeys: [] },
  );
}

/** A body to send: raw text with its content type, or a payload to encrypt (and maybe tamper) first. */
type BodySpec =
  | { kind: 'none' }
  | { kind: 'raw'; text: string; contentType: string | undefined }
  | { kind: 'encrypt'; payload: unknown; tamper: 'none' | 'data' | 'iv' | 'key' | 'keyId'; contentType: string };

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/xml',
    'application/octet-stream',
    'application/json; charset=latin1',
  ),
  headerText,
);

function bodySpec(endpoint: Endpoint, keyId: string): fc.Arbitrary<BodySpec> {
  const asJson = (arb: fc.Arbitrary<unknown>) =>
    fc
      .tuple(arb, contentTypes)
      .map(([v, ct]): BodySpec => ({ kind: 'raw', text: JSON.stringify(v) ?? 'null', contentType: ct }));
  const options: fc.Arbitrary<BodySpec>[] = [
    fc.constant<BodySpec>({ kind: 'none' }),
    asJson(fc.jsonValue({ maxDepth: 4 })),
    asJson(shapedObject(endpoint.fields)),
    asJson(envelopeGarbage(keyId)),
    asJson(
      fc.letrec((tie) => ({
        deep: fc.oneof(
          { depthSize: 'small' },
          fc.constant(1),
          fc.array(tie('deep'), { maxLength: 2 }),
          fc.dictionary(fc.string({ maxLength: 3 }), tie('deep'), { maxKeys: 2 }),
        ),
      })).deep,
    ),
    fc
      .tuple(fc.string({ maxLength: 200 }), fc.option(contentTypes, { nil: undefined }))
      .map(([text, contentType]): BodySpec => ({ kind: 'raw', text, contentType })),
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"username": "x",}',
        'null',
        '""',
        '{"__proto__": {"polluted": 1}}',
        "{'a': 1}",
        '\u0000',
        '{"a":1}{"b":2}',
      )
      .map((text): BodySpec => ({ kind: 'raw', text, contentType: 'application/json' })),
    hugeString.map(
      (s): BodySpec => ({
        kind: 'raw',
        text: JSON.stringify({ username: s, password: s }),
        contentType: 'application/json',
      }),
    ),
    fc.tuple(shapedObject(endpoint.fields)).map(
      ([o]): BodySpec => ({
        kind: 'raw',
        text: new URLSearchParams(
          Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
        ).toString(),
        contentType: 'application/x-www-form-urlencoded',
      }),
    ),
  ];
  if (endpoint.encrypted) {
    // A valid envelope around random plaintext reaches decryption and then the zod schema.
    const encrypted = fc
      .tuple(
        fc.oneof(
          { weight: 3, arbitrary: plausibleObject(endpoint.fields) },
          { weight: 3, arbitrary: shapedObject(endpoint.fields) },
          fc.jsonValue({ maxDepth: 3 }),
        ),
        fc.constantFrom('none', 'none', 'none', 'none', 'data', 'iv', 'key', 'keyId'),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
      )
      .map(([payload, tamper, contentType]): BodySpec => ({ kind: 'encrypt', payload, tamper, contentType }));
    return fc.oneof({ weight: 2 * options.length, arbitrary: encrypted }, ...options);
  }
  return fc.oneof(
    { weight: 3, arbitrary: asJson(plausibleObject(endpoint.fields)) },
    { weight: 3, arbitrary: asJson(shapedObject(endpoint.fields)) },
    ...options,
  );
}

function querySpec(endpoint: Endpoint): fc.Arbitrary<Record<string, string>> {
  const values = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    hugeString.map((s) => s.slice(0, 3_000)),
  );
  const known = endpoint.method === 'GET' ? endpoint.fields : [];
  return fc
    .tuple(
      fc
        .subarray([...known])
        .chain((keys) =>
          fc.tuple(
            ...keys.map((k) =>
              fc
                .oneof({ weight: 3, arbitrary: (PLAUSIBLE[k] ?? values).map(String) }, values)
                .map((v) => [k, v] as const),
            ),
          ),
        ),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), values, { maxKeys: 3 }),
    )
    .map(([pairs, extra]) => ({ ...extra, ...Object.fromEntries(pairs) }));
}

type AuthSpec = 'valid' | 'none' | { garbage: string };

function authSpec(withValidToken: boolean): fc.Arbitrary<AuthSpec> {
  const garbage = fc
    .oneof(
      headerText,
      headerText.map((s) => `Bearer ${s}`),
      fc.stringMatching(/^[0-9a-f]{64}$/),
      fc.uint8Array({ minLength: 16, maxLength: 48 }).map((b) => Buffer.from(b).toString('base64url')),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'null', 'undefined', 'Bearer Bearer x'),
      fc.integer({ min: 513, max: 4_000 }).map((n) => 'B'.repeat(n)),
    )
    .map((g): AuthSpec => ({ garbage: g }));
  return withValidToken
    ? fc.oneof({ weight: 4, arbitrary: fc.constant<AuthSpec>('valid') }, garbage)
    : fc.oneof(fc.constant<AuthSpec>('none'), garbage);
}

/** Optional headers; a wrong Merchant stops every call early, so it is sent only now and then. */
function extraHeaders(merchantCode: string): fc.Arbitrary<Record<string, string>> {
  const rarely = (arb: fc.Arbitrary<string>) => fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, arb);
  return fc
    .record({
      merchant: rarely(fc.oneof(fc.constant(merchantCode), headerText)),
      language: rarely(fc.oneof(fc.constantFrom('PT', 'EN', 'pt-BR'), headerText)),
      'x-forwarded-for': rarely(fc.oneof(fc.ipV4(), headerText)),
      accept: rarely(fc.constantFrom('application/json', '*/*', 'text/html', 'image/png')),
    })
    .map((h) => Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined)));
}

// ---------------------------------------------------------------------------------------------
// Harness
// ---------------------------------------------------------------------------------------------

let t: TestApp;
let rsa: RsaKeyResult;
let token: string;
let merchantCode: string;
const password = strongPassword();
const username = uniqueUsername('fz');

/** Flip some bits of a base64 field so decryption or the auth tag check fails. */
function corruptBase64(s: string): string {
  const b = Buffer.from(s, 'base64');
  if (b.length === 0) return 'AAAA';
  b[0] = (b[0] ?? 0) ^ 0xff;
  b[b.length - 1] = (b[b.length - 1] ?? 0) ^ 0x01;
  return b.toString('base64');
}

async function renderBody(spec: BodySpec): Promise<{ payload?: string; contentType?: string }> {
  if (spec.kind === 'none') return {};
  if (spec.kind === 'raw') return { payload: spec.text, contentType: spec.contentType };
  const env = { ...(await encryptPayload(rsa.jwk as JsonWebKey, rsa.keyId, spec.payload)) } as Record<string, string>;
  if (spec.tamper === 'keyId') env.keyId = `${env.keyId}x`;
  else if (spec.tamper !== 'none') env[spec.tamper] = corruptBase64(env[spec.tamper] ?? '');
  return { payload: JSON.stringify(env), contentType: spec.contentType };
}

/** Answers seen per call; FUZZ_STATS=1 prints them, to check the generators reach past validation. */
const outcomes = new Map<string, Map<string, number>>();

function recordOutcome(endpoint: Endpoint, res: LightMyRequestResponse): void {
  const key = `${endpoint.method} ${endpoint.path}`;
  const code = `${res.statusCode} ${(res.json() as { errorCode?: string }).errorCode ?? 'ok'}`;
  const counts = outcomes.get(key) ?? new Map<string, number>();
  counts.set(code, (counts.get(code) ?? 0) + 1);
  outcomes.set(key, counts);
}

/** The property itself: below 500, JSON, and in the envelope. */
function expectEnvelope(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, what).toBeLessThan(500);
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    throw new Error(`${what}: response is not JSON: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  expect(parsed, what).toBeTypeOf('object');
  const env = parsed as Record<string, unknown>;
  if (res.statusCode >= 400) {
    expect(env.success, what).toBe(false);
    expect(env.errorCode, what).toBeTypeOf('string');
    expect(env.message, what).toBeTypeOf('string');
  } else {
    expect(env.success, what).toBe(true);
    expect(env, what).toHaveProperty('value');
  }
}

async function send(
  endpoint: Endpoint,
  opts: {
    auth: AuthSpec;
    body: BodySpec;
    query: Record<string, string>;
    headers: Record<string, string>;
    ip: string;
    authToken?: string;
  },
): Promise<void> {
  const { payload, contentType } = await renderBody(opts.body);
  const headers: Record<string, string> = { ...opts.headers };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (opts.auth === 'valid') headers.authorization = opts.authToken ?? token;
  else if (opts.auth !== 'none') headers.authorization = opts.auth.garbage;
  const res = await t.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    query: opts.query,
    headers,
    payload,
    remoteAddress: opts.ip,
  });
  const request = JSON.stringify({
    method: endpoint.method,
    url: endpoint.path,
    query: opts.query,
    headers,
    payload: payload?.slice(0, 300),
  });
  expectEnvelope(res, request);
  recordOutcome(endpoint, res);
}

function requestArb(endpoint: Endpoint, withValidToken: boolean) {
  return fc.record({
    auth: authSpec(withValidToken),
    body: endpoint.method === 'GET' ? fc.constant<BodySpec>({ kind: 'none' }) : bodySpec(endpoint, rsa.keyId),
    query: querySpec(endpoint),
    headers: extraHeaders(merchantCode),
    ip: fc.ipV4(),
  });
}

async function loginForToken(ip: string): Promise<string> {
  const res = await login(t.app, username, password, {}, { remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { token: string } }).value.token;
}

beforeAll(async () => {
  t = await createTestApp('pglite');
  const keyRes = await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
  expect(keyRes.statusCode, keyRes.body).toBe(200);
  rsa = (keyRes.json() as { value: RsaKeyResult }).value;
  merchantCode = (await t.app.services.system.getBrand()).merchantCode;
  // The fuzzed registrations and this one need no captcha image; the captcha path has its own tests.
  await disableRegisterCaptcha(t.app);
  token = (await registerUser(t.app, { username, password })).result.token;
});

afterAll(async () => {
  if (process.env.FUZZ_STATS) {
    for (const [key, counts] of outcomes) console.log(key, JSON.stringify(Object.fromEntries(counts)));
  }
  await t?.close();
});

describe('fuzz: every foundation call', () => {
  it('lists the encrypted calls exactly as the shared contract does', () => {
    const ours = ENDPOINTS.filter((e) => e.encrypted)
      .map((e) => e.path)
      .sort();
    expect(ours).toEqual([...ENCRYPTED_PATHS].sort());
  });

  it('has a route for every call (baseline request is not NOT_FOUND)', async () => {
    for (const endpoint of [...ENDPOINTS, LOGOUT]) {
      const res = await t.app.inject({ method: endpoint.method, url: endpoint.path, remoteAddress: '192.0.2.10' });
      expectEnvelope(res, `${endpoint.method} ${endpoint.path}`);
      const body = res.json() as { errorCode?: string };
      expect(body.errorCode, `${endpoint.method} ${endpoint.path} should exist: ${res.body}`).not.toBe(
        ErrorCode.NOT_FOUND,
      );
    }
  });

  it('the registered member works, so authenticated variants reach the handlers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
    expect(res.statusCode, res.body).toBe(200);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}: random input never gets a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(endpoint, false), async (r) => {
          await send(endpoint, r);
        }),
        { numRuns: RUNS },
      );
    });
  }

  // Authenticated variants: the member's real token with random input. The password change
  // comes last because a wrong old password may be throttled per member.
  const authenticated = [
    ...ENDPOINTS.filter((e) => e.path !== '/wps/member/password'),
    ...ENDPOINTS.filter((e) => e.path === '/wps/member/password'),
  ];
  for (const endpoint of authenticated) {
    it(`${endpoint.method} ${endpoint.path} with the member's token: random input never gets a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(endpoint, true), async (r) => {
          await send(endpoint, r);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('DELETE /wps/session/logout: garbage tokens and random input never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb(LOGOUT, false), async (r) => {
        await send(LOGOUT, r);
      }),
      { numRuns: RUNS },
    );
  });

  it('DELETE /wps/session/logout with fresh real sessions and random input never gets a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb(LOGOUT, true), async (r) => {
        const fresh = r.auth === 'valid' ? await loginForToken(r.ip) : undefined;
        await send(LOGOUT, { ...r, authToken: fresh });
      }),
      { numRuns: 12 },
    );
  });

  it('random unknown /wps paths answer 404 NOT_FOUND in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE'),
        fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 3 }),
        async (method, segments) => {
          const url = `/wps/zz-unknown/${segments.join('/')}`;
          const res = await t.app.inject({ method, url });
          expectEnvelope(res, `${method} ${url}`);
          expect(res.statusCode).toBe(404);
          expect((res.json() as { errorCode: string }).errorCode).toBe(ErrorCode.NOT_FOUND);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('framework-level input errors', () => {
  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    for (const path of ['/wps/verification/sms/noLogin', '/wps/session/login']) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: '{"countryDialingCode": "55", "mobileNum": ',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        errorCode: ErrorCode.MALFORMED_JSON,
        message: expect.any(String),
      });
    }
  });

  it('a body over 64 KB → 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ countryDialingCode: '55', mobileNum: '9'.repeat(MAX_BODY_BYTES + 10) });
    for (const path of ['/wps/verification/sms/noLogin', '/wps/member/register']) {
      const res = await t.app.inject({
        method: path === '/wps/member/register' ? 'PUT' : 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: big,
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({
        success: false,
        errorCode: ErrorCode.PAYLOAD_TOO_LARGE,
        message: expect.any(String),
      });
    }
  });

  it('an unknown /wps path → 404 NOT_FOUND envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: ErrorCode.NOT_FOUND, message: expect.any(String) });
  });
});

// ---------------------------------------------------------------------------------------------
// Encoded paths under maintenance
// ---------------------------------------------------------------------------------------------

/** The calls the gate closes during maintenance: every /wps call but the ones the maintenance page needs. */
const GATED_ENDPOINTS = [...ENDPOINTS, LOGOUT].filter(
  (e) => e.path.startsWith('/wps/') && !e.path.startsWith('/wps/system/') && e.path !== '/wps/session/key/rsa',
);

describe('fuzz: encoded paths under maintenance', () => {
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('every gated call, respelled at random, answers the 503 gate or 404 in the envelope: never 200, never another 5xx', async () => {
    await t.app.services.system.updateSetting('maintenance', true);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...GATED_ENDPOINTS),
          fc.array(pathEdit, { minLength: 1, maxLength: 4 }),
          async (endpoint, edits) => {
            const path = edits.reduce(applyEdit, endpoint.path);
            const res = await rawRequest(port, endpoint.method, path, { authorization: token });
            const what = `${endpoint.method} ${path} → ${res.status} ${res.body.slice(0, 160)}`;
            // The gate's own 503 is the only 5xx allowed; anything else (200, 401, 400, 500) reached past it.
            expect([ErrorCode.SYSTEM_MAINTENANCE, ErrorCode.NOT_FOUND], what).toContain(res.errorCode);
            expect(res.status, what).toBe(res.errorCode === ErrorCode.SYSTEM_MAINTENANCE ? 503 : 404);
          },
        ),
        { numRuns: RUNS * 10 },
      );
      // The canonical paths themselves are closed too, so the property is about the gate, not the router.
      for (const endpoint of GATED_ENDPOINTS) {
        const res = await rawRequest(port, endpoint.method, endpoint.path, { authorization: token });
        expect(res.errorCode, `${endpoint.method} ${endpoint.path}`).toBe(ErrorCode.SYSTEM_MAINTENANCE);
      }
    } finally {
      await t.app.services.system.updateSetting('maintenance', false);
    }
  });
});
