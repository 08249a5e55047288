import { PlayerLabelsPanel } from '../features/loyalty/components/player-labels-panel';
import { PlayerPage } from '../features/players/components/player-page';
import { PlayerRgPanel } from '../features/responsible-gaming/components/player-rg-panel';
import { useCan } from '../lib/permissions';

/** The player page with the panels other features keep about a player: member labels (loyalty), responsible gaming. */
export function PlayerScreen() {
  const canReadLabels = useCan('loyalty.read');
  return (
    <PlayerPage
      profileExtras={(memberId) => (
        <>
          {canReadLabels ? <PlayerLabelsPanel memberId={memberId} /> : null}
          <PlayerRgPanel memberId={memberId} />
        </>
      )}
    />
  );
}
