import crypto from 'node:crypto';

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
};

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Read the deposit settings; a missing sandbox secret becomes a random one for this process. */
export function loadDepositSettings(env: NodeJS.ProcessEnv = process.env): DepositSettings {
  const configured = env.SANDBOX_GATEWAY_SECRET;
  return {
    sandboxSecret: configured && configured.length >= 16 ? configured : crypto.randomBytes(32).toString('base64url'),
    isSandboxSecretGenerated: !(configured && configured.length >= 16),
    manualTtlMinutes: positiveInt(env.DEPOSIT_MANUAL_TTL_MINUTES, 24 * 60),
    gatewayTtlMinutes: positiveInt(env.DEPOSIT_GATEWAY_TTL_MINUTES, 30),
    isSandboxEnabled: env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_GATEWAY === '1' || env.ALLOW_SANDBOX_GATEWAY === 'true',
  };
}
