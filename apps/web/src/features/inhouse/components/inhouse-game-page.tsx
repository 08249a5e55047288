import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { DICE_CONFIG, SLOT_CONFIG } from '@wps/shared/provably-fair';
import { INHOUSE_VASSALAGE } from '@wps/shared/schemas/inhouse';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useLaunchGame } from '../../../lib/api/launch-game';
import { InhouseGameArt } from './inhouse-game-art';
import '../inhouse.css';
import '../inhouse-dice-lobby.css';

/** /inhouse/slot and /inhouse/dice: the rules of one in-house game, and its play button. */
export function InhouseGamePage() {
  const { t } = useTranslation('inhouse');
  const { game } = useParams();
  const launch = useLaunchGame();
  const formats = useFormats();
  if (game !== 'slot' && game !== 'dice') return <Navigate to="/inhouse" replace />;
  const nodeId = `inhouse-${game}`;

  return (
    <article className="ih-detail" aria-labelledby="ih-detail-title">
      <Link to="/inhouse" className="ih-detail__back">
        {t('detail.back')}
      </Link>
      <div className="ih-detail__head">
        <InhouseGameArt game={game} />
        <div>
          <h1 id="ih-detail-title">{t(`games.${game}.name`)}</h1>
          <p className="ih-muted">{t(`games.${game}.tagline`)}</p>
          <Button
            variant="money"
            size="lg"
            onClick={() =>
              launch.mutate(
                { nodeId, vassalage: INHOUSE_VASSALAGE, gameId: nodeId },
                { onError: (err) => toast.error(translateError(err)) },
              )
            }
            loading={launch.isPending}
            data-testid={`inhouse-detail-play-${game}`}
          >
            {t('lobby.play')}
          </Button>
        </div>
      </div>
      <h2>{t('detail.rules')}</h2>
      <p>
        {game === 'slot'
          ? t('games.slot.rules', { lines: SLOT_CONFIG.lines.length, rtp: formats.percent(SLOT_CONFIG.targetRtp) })
          : t('games.dice.rules', {
              whole: formats.percent(1, 0),
              edge: formats.percent(DICE_CONFIG.houseEdgeBp / 10000),
              rtp: formats.percent(1 - DICE_CONFIG.houseEdgeBp / 10000),
            })}
      </p>
      <h2>{t('lobby.fairTitle')}</h2>
      <p>{t('fair.explain')}</p>
    </article>
  );
}
