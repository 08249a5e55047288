import crypto from 'node:crypto';
import { parseEnv } from '../../config';

/** Identity-check configuration from the environment (docs/compliance.md, "KYC"). */
export type KycSettings = {
  /** HMAC secret of the sandbox provider's result callback (SANDBOX_KYC_SECRET). */
  sandboxSecret: string;
  isSandboxSecretGenerated: boolean;
  /** Anyone could pass the sandbox's checks: off with NODE_ENV=production unless ALLOW_SANDBOX_KYC=1. */
  isSandboxEnabled: boolean;
};

export function loadKycSettings(source?: NodeJS.ProcessEnv): KycSettings {
  const env = parseEnv(source);
  const configured = env.SANDBOX_KYC_SECRET;
  return {
    sandboxSecret: configured ?? crypto.randomBytes(32).toString('base64url'),
    isSandboxSecretGenerated: configured === undefined,
    isSandboxEnabled: env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_KYC,
  };
}
