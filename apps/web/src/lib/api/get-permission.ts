import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionResult, WhitelabelNode } from '@wps/shared/schemas/system';
import type { WhitelabelModule } from '@wps/shared/constants';
import { apiRequest } from '../api-client';
import { setOperatorMoney } from '../money';
import { readSessionCache, writeSessionCache } from '../session-cache';
import { setMerchantCode } from '../session-storage';

/**
 * The answer is kept in session storage under `settings` (the spec's session cache; the register
 * fields' rules, its `validate`, come inside it): a reload draws the header, menu and forms from it
 * at once, and the fresh answer replaces it as soon as it arrives.
 */
const STORAGE_KEY = 'settings';

/** GET /wps/system/permission?url=<host>: everything the shell needs before it renders. */
export async function getPermission(): Promise<PermissionResult> {
  const permission = await apiRequest<PermissionResult>('/wps/system/permission', {
    query: { url: window.location.host },
  });
  setMerchantCode(permission.brand.merchantCode);
  setOperatorMoney({ currency: permission.brand.currency, scale: permission.brand.currencyScale });
  writeSessionCache(STORAGE_KEY, permission);
  return permission;
}

/** This tab's kept answer, its money format put back for the amounts drawn before the fresh one. */
function readCachedPermission(): PermissionResult | undefined {
  const kept = readSessionCache<PermissionResult>(
    STORAGE_KEY,
    (data) => typeof (data as PermissionResult | null)?.brand?.merchantCode === 'string',
  );
  if (kept) setOperatorMoney({ currency: kept.brand.currency, scale: kept.brand.currencyScale });
  return kept;
}

export const permissionQueryOptions = queryOptions({
  queryKey: ['system', 'permission'],
  queryFn: getPermission,
  placeholderData: readCachedPermission,
  staleTime: 5 * 60_000,
});

/** The operator's permission (brand, switches, resources, customer service, location, flags). */
export function usePermission() {
  return useQuery(permissionQueryOptions);
}

function findModule(nodes: readonly WhitelabelNode[], id: string): WhitelabelNode | undefined {
  for (const node of nodes) {
    if (node.moduleId === id) return node;
    const child = findModule(node.children, id);
    if (child) return child;
  }
  return undefined;
}

/** Whether a whitelabel module switch is on (enabled equal 1). */
export function isModuleEnabled(permission: PermissionResult | undefined, id: WhitelabelModule): boolean {
  return findModule(permission?.whitelabel ?? [], id)?.enabled === 1;
}

/** Whether the referral programme is on (its member-centre page, side-menu entry and footer button). */
export function isReferralEnabled(permission: PermissionResult | undefined): boolean {
  return permission?.availablePromo.REFERRAL.enabled === true;
}

/** Whether the rebate (betting bonus) is on (its side-menu entry). */
export function isRebateEnabled(permission: PermissionResult | undefined): boolean {
  return permission?.availablePromo.REBATE.enabled === true;
}
