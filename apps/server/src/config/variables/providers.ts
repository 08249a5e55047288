/** Outside providers: SMS and e-mail, the payment gateway and deposits, PIX directory, KYC, barred list, AML, with their sandboxes. */
import { flag, httpUrl, oneOf, secret, text, wholeNumber } from '../fields';
import type { EnvVariable } from './variable';

export const PROVIDERS_VARIABLES = {
  SMS_PROVIDER: {
    schema: oneOf(['outbox', 'http']),
    default: 'outbox',
    feeds: 'AppConfig.sms.provider',
    description:
      '`outbox` appends messages to `DATA_DIR/outbox/sms.jsonl` (and, outside production, serves `GET /dev/outbox/sms`); `http` POSTs signed JSON',
  },
  SMS_HTTP_URL: {
    schema: httpUrl(),
    feeds: 'AppConfig.sms.httpUrl',
    description: 'endpoint of the `http` SMS provider',
  },
  SMS_HTTP_SECRET: {
    schema: text(),
    feeds: 'AppConfig.sms.httpSecret',
    description: 'signing secret of the `http` SMS provider',
    secret: true,
  },
  EMAIL_PROVIDER: {
    schema: oneOf(['outbox', 'http']),
    default: 'outbox',
    feeds: 'AppConfig.email.provider',
    description: '`outbox` (`DATA_DIR/outbox/email.jsonl`) or `http`',
  },
  EMAIL_HTTP_URL: {
    schema: httpUrl(),
    feeds: 'AppConfig.email.httpUrl',
    description: 'endpoint of the `http` e-mail provider',
  },
  EMAIL_HTTP_SECRET: {
    schema: text(),
    feeds: 'AppConfig.email.httpSecret',
    description: 'signing secret of the `http` e-mail provider',
    secret: true,
  },
  ALLOW_OUTBOX_IN_PRODUCTION: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.allowOutboxInProduction',
    description:
      '`1`/`true` lets `NODE_ENV=production` start with the `outbox` SMS/e-mail provider (nothing is delivered; `/dev/outbox/*` stays off)',
  },
  SANDBOX_GATEWAY_SECRET: {
    schema: secret(16),
    defaultText: 'random per process',
    feeds: 'loadDepositSettings().sandboxSecret',
    description:
      "HMAC secret of the sandbox payment gateway's webhook (16+ characters; set it when several instances run)",
    secret: true,
  },
  DEPOSIT_MANUAL_TTL_MINUTES: {
    schema: wholeNumber(1),
    default: '1440',
    feeds: 'loadDepositSettings().manualTtlMinutes',
    description: 'a manual bank-transfer deposit order expires after this long unconfirmed',
  },
  DEPOSIT_GATEWAY_TTL_MINUTES: {
    schema: wholeNumber(1),
    default: '30',
    feeds: 'loadDepositSettings().gatewayTtlMinutes',
    description: 'a gateway deposit order expires after this long unpaid (after a status check with the gateway)',
  },
  ALLOW_SANDBOX_GATEWAY: {
    schema: flag(),
    default: '0',
    feeds: 'loadDepositSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox payment gateway on with `NODE_ENV=production` (off there by default: anyone can press its Pay button)',
  },
  SANDBOX_GATEWAY_PIX_CITY: {
    schema: text(),
    default: 'Sao Paulo',
    feeds: 'loadDepositSettings().pixCity',
    description:
      "the merchant city the sandbox gateway writes in its PIX charges' BR Codes (field 60; a real gateway knows the merchant's)",
  },
  ALLOW_SANDBOX_PIX_DIRECTORY: {
    schema: flag(),
    default: '0',
    feeds: 'loadPixDirectorySettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox PIX directory (keys and accounts listed on its own page, `/sandbox-pix/directory`) on with `NODE_ENV=production`; off there by default (anyone could list a key under any CPF), when binding a PIX key or, under the `BR` profile, a bank account refuses (`PIX_DIRECTORY_UNAVAILABLE`) until a real provider is connected (docs/compliance.md, "PIX")',
  },
  SANDBOX_KYC_SECRET: {
    schema: secret(16),
    defaultText: 'random per process',
    feeds: 'loadKycSettings().sandboxSecret',
    description:
      "HMAC secret of the sandbox identity (KYC) provider's result callback (16+ characters; set it when several instances run)",
    secret: true,
  },
  ALLOW_SANDBOX_KYC: {
    schema: flag(),
    default: '0',
    feeds: 'loadKycSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox identity (KYC) provider on with `NODE_ENV=production`; off there by default (anyone could pass its checks), when identity checks refuse to start until a real provider is connected (docs/compliance.md, "KYC")',
  },
  ALLOW_SANDBOX_BARRED_LIST: {
    schema: flag(),
    default: '0',
    feeds: 'loadBarredListSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox barred-persons provider (CPFs listed in the back office) on with `NODE_ENV=production`; off there by default, when every barred-list check under the `BR` profile refuses until a real provider is connected (docs/compliance.md)',
  },
  ALLOW_SANDBOX_AML: {
    schema: flag(),
    default: '0',
    feeds: 'loadAmlSettings().isSandboxEnabled',
    description:
      '`1`/`true` keeps the sandbox anti-money-laundering providers (PEP screening from CPFs listed in the back office, a COAF sender that files nothing) on with `NODE_ENV=production`; off there by default, when sign-ups stay unscreened until a real provider is connected and filing a case with COAF refuses (docs/compliance.md, "Anti-money laundering")',
  },
} as const satisfies Record<string, EnvVariable>;
