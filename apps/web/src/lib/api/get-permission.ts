import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionResult, WhitelabelNode } from '@wps/shared/schemas/system';
import type { WhitelabelModule } from '@wps/shared/constants';
import { apiRequest } from '../api-client';
import { setOperatorMoney } from '../money';
import { setMerchantCode } from '../session-storage';

/** GET /wps/system/permission?url=<host>: everything the shell needs before it renders. */
export async function getPermission(): Promise<PermissionResult> {
  const permission = await apiRequest<PermissionResult>('/wps/system/permission', {
    query: { url: window.location.host },
  });
  setMerchantCode(permission.brand.merchantCode);
  setOperatorMoney({ currency: permission.brand.currency, scale: permission.brand.currencyScale });
  return permission;
}

export const permissionQueryOptions = queryOptions({
  queryKey: ['system', 'permission'],
  queryFn: getPermission,
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
