import type { MemberInfo } from '@wps/shared/schemas/member';
import { levelColours } from '../loyalty-format';
import '../header-points.css';

/** The member's VIP level name in its colours (beside the avatar); nothing at level 0 or without a level. */
export function VipBadge({ clubLabel }: { clubLabel: MemberInfo['clubLabel'] }) {
  if (!clubLabel || clubLabel.rankLevel <= 0) return null;
  return (
    <span className="vip-badge" style={levelColours(clubLabel)} data-testid="vip-badge">
      {clubLabel.labelName}
    </span>
  );
}
