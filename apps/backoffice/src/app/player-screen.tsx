import { PlayerLabelsPanel } from '../features/loyalty/components/player-labels-panel';
import { PlayerPage } from '../features/players/components/player-page';
import { TrustedDevicesPanel } from '../features/players/components/trusted-devices-panel';
import { ClosuresPanel } from '../features/players/components/closures-panel';
import { PlayerMonitoringPanel } from '../features/monitoring/components/player-monitoring-panel';
import { PlayerRgPanel } from '../features/responsible-gaming/components/player-rg-panel';
import { useCan } from '../lib/permissions';

/** The player page with the panels other features keep about a player: member labels (loyalty), responsible gaming, remembered devices, account closings and their payouts, monitoring flags. */
export function PlayerScreen() {
  const canReadLabels = useCan('loyalty.read');
  const canReviewMonitoring = useCan('monitoring.review');
  return (
    <PlayerPage
      profileExtras={(memberId) => (
        <>
          {canReadLabels ? <PlayerLabelsPanel memberId={memberId} /> : null}
          <PlayerRgPanel memberId={memberId} />
          <TrustedDevicesPanel memberId={memberId} />
          <ClosuresPanel memberId={memberId} />
          {canReviewMonitoring ? <PlayerMonitoringPanel memberId={memberId} /> : null}
        </>
      )}
    />
  );
}
