import { useMemberInfo } from '../../../lib/api/get-member-info';
import { useOnlineService } from '../api/get-online-service';
import { fromOnlineService, visibleCustomerService } from '../customer-service';
import { CustomerServiceContacts } from './customer-service-contacts';

/**
 * The online-service list (GET /wps/system/onlineService) as the contacts block: every entry the
 * visitor is offered, a chat (type 3) opening in its 440×500 window. Nothing while it loads or
 * when the operator lists none.
 */
export function OnlineServiceContacts() {
  const { data } = useOnlineService();
  const { info } = useMemberInfo();
  const entries = visibleCustomerService(
    (data?.version.pathList ?? []).map(fromOnlineService),
    info?.clubLabel?.rankLevel,
  );
  return <CustomerServiceContacts entries={entries} />;
}
