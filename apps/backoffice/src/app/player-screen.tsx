import { PlayerLabelsPanel } from '../features/loyalty/components/player-labels-panel';
import { PlayerPage } from '../features/players/components/player-page';
import { useCan } from '../lib/permissions';

/** The player page with the panels other features keep about a player: member labels (loyalty). */
export function PlayerScreen() {
  const canReadLabels = useCan('loyalty.read');
  return <PlayerPage profileExtras={canReadLabels ? (memberId) => <PlayerLabelsPanel memberId={memberId} /> : undefined} />;
}
