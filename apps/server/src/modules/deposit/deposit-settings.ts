import crypto from 'node:crypto';
import { parseEnv } from '../../config';

/** Deposit configuration from the environment (README lists the variables). */
export type DepositSettings = {
  /** HMAC secret shared with the sandbox gateway (SANDBOX_GATEWAY_SECRET). */
  sandboxSecret: string;
  /** True when no secret was configured and this process made one up. */
  isSandboxSecretGenerated: boolean;
  /** Minutes a manual bank-transfer order waits for the operator (DEPOSIT_MANUAL_TTL_MINUTES). */
  manualTtlMinutes: number;
  /** Minutes a gateway order waits for the payment (DEPOSIT_GATEWAY_TTL_MINUTES). */
  gatewayTtlMinutes: number;
  /**
   * Whether the sandbox gateway takes payments. Anyone may press its Pay button, so it is off
   * with NODE_ENV=production unless ALLOW_SANDBOX_GATEWAY=1 says otherwise.
   */
  isSandboxEnabled: boolean;
  /** The merchant city in the sandbox gateway's BR Codes (SANDBOX_GATEWAY_PIX_CITY). */
  pixCity: string;
};

/**
 * Read the deposit settings from the environment (parsed by the config schema); a missing
 * sandbox secret becomes a random one for this process.
 */
export function loadDepositSettings(source?: NodeJS.ProcessEnv): DepositSettings {
  const env = parseEnv(source);
  const configured = env.SANDBOX_GATEWAY_SECRET;
  return {
    sandboxSecret: configured ?? crypto.randomBytes(32).toString('base64url'),
    isSandboxSecretGenerated: configured === undefined,
    manualTtlMinutes: env.DEPOSIT_MANUAL_TTL_MINUTES,
    gatewayTtlMinutes: env.DEPOSIT_GATEWAY_TTL_MINUTES,
    isSandboxEnabled: env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_GATEWAY,
    pixCity: env.SANDBOX_GATEWAY_PIX_CITY,
  };
}
