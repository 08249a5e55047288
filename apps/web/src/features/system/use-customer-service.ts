import { isVipRankLevel } from '@wps/shared/constants';
import { useMemberInfo } from '../../lib/api/get-member-info';
import { usePermission } from '../../lib/api/get-permission';
import { visibleCustomerService, type CustomerServiceEntry } from './customer-service';

/**
 * The customer-service entries the current visitor or player is offered (VIP entries only to a
 * VIP player), and whether the first of them is a VIP entry.
 */
export function useCustomerService(): { entries: CustomerServiceEntry[]; isVip: boolean } {
  const { data: permission } = usePermission();
  const { info } = useMemberInfo();
  const rankLevel = info?.clubLabel?.rankLevel;
  const entries = visibleCustomerService(permission?.customerService ?? [], rankLevel);
  return { entries, isVip: isVipRankLevel(rankLevel) && entries[0]?.vipOnly === true };
}
