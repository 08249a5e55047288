import type { APIRequestContext } from '@playwright/test';
import { operatorLogin } from './operators';
import { callApi } from './setup';

/**
 * Players see only vendors that can launch (a connected adapter). A development server connects
 * the reference vendor's SBX and SBT by itself (VENDOR_SANDBOX_AUTOSTART); a suite about the
 * other demo vendors' cards and lanes connects them here, through the back office's API, to
 * addresses that answer nothing: their cards show and launch, their pages never load.
 */
export async function connectDemoVendors(
  request: APIRequestContext,
  baseURL: string,
  admin: { username: string; password: string },
  vendors: readonly { vassalage: string; walletModel: 'seamless' | 'transfer' }[],
): Promise<void> {
  const token = await operatorLogin(request, baseURL, admin.username, admin.password);
  for (const { vassalage, walletModel } of vendors) {
    const host = `https://${vassalage.toLowerCase()}.vendor.example`;
    await callApi({ request, baseURL, token }, 'PUT', `/ops/vendor-adapters/${vassalage}`, {
      walletModel,
      launchUrl: `${host}/play`,
      apiUrl: walletModel === 'transfer' ? `${host}/api` : null,
      requestTimeoutMs: 5000,
      secret: 'e2e-placeholder-vendor-secret-2026',
      reason: 'e2e: a demo vendor the suite lists',
    });
  }
}
