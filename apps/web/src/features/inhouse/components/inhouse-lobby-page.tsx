import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INHOUSE_GAMES, INHOUSE_VASSALAGE, type InhouseNodeId } from '@wps/shared/schemas/inhouse';
import { isHouseOriginal } from '@wps/shared/schemas/inhouse-steps';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useLaunchGame } from '../../../lib/api/launch-game';
import { useInhouseOffer } from '../api/get-offer';
import { InhouseGameArt } from './inhouse-game-art';
import '../inhouse.css';
import '../inhouse-dice-lobby.css';

const NODE_IDS = Object.keys(INHOUSE_GAMES) as InhouseNodeId[];
/** The lobby's two lanes: the house originals (limbo, plinko, keno, mines, hi-lo, crash), then the slot and the dice. */
const LANES = [
  { id: 'originals', nodeIds: NODE_IDS.filter((n) => isHouseOriginal(INHOUSE_GAMES[n])) },
  { id: 'classics', nodeIds: NODE_IDS.filter((n) => !isHouseOriginal(INHOUSE_GAMES[n])) },
] as const;

/** /inhouse: our own provably-fair games. Playing launches through the gateway like any vendor. */
export function InhouseLobbyPage() {
  const { t } = useTranslation('inhouse');
  const launch = useLaunchGame();
  // The originals the licence hides (no lab certificate on record under BR) are left out.
  const hidden = new Set(useInhouseOffer().data?.hiddenByLicence ?? []);
  const lanes = LANES.map((lane) => ({ ...lane, nodeIds: lane.nodeIds.filter((n) => !hidden.has(n)) })).filter(
    (lane) => lane.nodeIds.length > 0,
  );
  const play = (nodeId: InhouseNodeId) =>
    launch.mutate(
      { nodeId, vassalage: INHOUSE_VASSALAGE, gameId: nodeId },
      { onError: (err) => toast.error(translateError(err)) },
    );

  return (
    <section className="ih-lobby" aria-labelledby="ih-lobby-title">
      <header className="ih-lobby__hero">
        <h1 id="ih-lobby-title">{t('lobby.title')}</h1>
        <p>{t('lobby.subtitle')}</p>
      </header>
      {lanes.map((lane) => (
        <section key={lane.id} className="ih-lobby__lane" aria-labelledby={`ih-lane-${lane.id}`}>
          <h2 id={`ih-lane-${lane.id}`} className="ih-lobby__lane-title">
            {t(`lobby.lanes.${lane.id}`)}
          </h2>
          <ul className="ih-lobby__grid">
            {lane.nodeIds.map((nodeId) => {
              const game = INHOUSE_GAMES[nodeId];
              return (
                <li key={nodeId} className="ih-card" data-node-id={nodeId}>
                  <InhouseGameArt game={game} />
                  <div className="ih-card__body">
                    <h3 className="ih-card__title">{t(`games.${game}.name`)}</h3>
                    <p className="ih-muted">{t(`games.${game}.tagline`)}</p>
                    <div className="ih-card__actions">
                      <Button
                        variant="money"
                        onClick={() => play(nodeId)}
                        loading={launch.isPending && launch.variables?.nodeId === nodeId}
                        data-testid={`inhouse-play-${game}`}
                      >
                        {t('lobby.play')}
                      </Button>
                      <Link className="btn btn--ghost btn--md" to={`/inhouse/${game}`}>
                        <span className="btn__label">{t('lobby.details')}</span>
                      </Link>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <aside className="ih-lobby__fair">
        <h2>{t('lobby.fairTitle')}</h2>
        <p>{t('fair.explain')}</p>
      </aside>
    </section>
  );
}
