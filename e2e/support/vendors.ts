import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { operatorLogin } from './operators';
import { type Api, callApi } from './setup';

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

/** A manual bank-transfer deposit confirmed by a finance operator: real money in the player's main wallet. */
export async function depositConfirmed(
  a: Api,
  operator: { username: string; password: string },
  amount: string,
): Promise<void> {
  const ops = await operatorLogin(a.request, a.baseURL, operator.username, operator.password);
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const manual = channels.find((c) => c.type === 'manual_bank');
  expect(manual, 'a manual bank-transfer channel').toBeDefined();
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: manual!.id,
    amount,
    idempotencyKey: `e2e-${crypto.randomUUID()}`,
  });
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'checked by e2e' }, ops);
}
