import { expect, type APIRequestContext } from '@playwright/test';
import { BACKOFFICE_OPERATORS } from './backoffice';
import { createOperatorWithCli, operatorLogin } from './operators';
import { runOps } from './servers';

/**
 * The operator's licence in the browser suites. Before a server starts, the ops console sets it
 * (`licence:set`, the database owner's path). On a running server a switch goes as in the back
 * office: one admin asks, a second admin approves (four eyes), so a suite that switches mid-run
 * creates the second admin with `withSecondAdmin`.
 */

/** The second admin who approves switches (made with the ops CLI before the server starts). */
export const SECOND_ADMIN = { username: 'bo.admin.two', password: 'bo-admin-two-e2e-pass-2026' };

/**
 * A `configure` step: the licence set from the console before the server starts, after the console
 * prepared the seeded catalogue as the demo's installation does (`--prepare`: the VIP levels' cash
 * bonuses become points, the P2P tables and foreign draws BR forbids are switched off).
 */
export function setLicenceBeforeStart(dataDir: string, profile: 'BR' | 'permissive'): void {
  runOps(dataDir, ['licence:set', profile, '--prepare', 'browser suite set-up']);
}

/** A `configure` step: the second admin a switch on a running server needs. */
export function withSecondAdmin(dataDir: string): void {
  createOperatorWithCli(dataDir, SECOND_ADMIN.username, 'admin', SECOND_ADMIN.password);
}

/** Switch the licence of a running server: the admin asks, the second admin approves. */
export async function switchLicence(
  request: APIRequestContext,
  baseURL: string,
  profile: 'BR' | 'permissive',
): Promise<void> {
  const asker = await operatorLogin(
    request,
    baseURL,
    BACKOFFICE_OPERATORS.admin.username,
    BACKOFFICE_OPERATORS.admin.password,
  );
  const approver = await operatorLogin(request, baseURL, SECOND_ADMIN.username, SECOND_ADMIN.password);
  const asked = await request.post(`${baseURL}/ops/licence/changes`, {
    headers: { Authorization: `Bearer ${asker}` },
    data: { profile, reason: 'browser suite switch' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const { value } = (await asked.json()) as { value: { id: string } };
  const approved = await request.post(`${baseURL}/ops/licence/changes/${value.id}/approve`, {
    headers: { Authorization: `Bearer ${approver}` },
    data: { reason: 'checked' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
}
