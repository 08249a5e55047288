import { roleHasPermission, type OpsPermission } from '@wps/shared/ops-permissions';
import { useMe } from './api/get-me';

/**
 * Whether the signed-in operator's role holds a permission (the same table the server checks
 * every /ops route against). False while the operator is not known yet.
 */
export function useCan(permission: OpsPermission): boolean {
  const { data } = useMe();
  return data !== undefined && roleHasPermission(data.role, permission);
}
