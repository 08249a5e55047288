import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { DICE_CONFIG, SLOT_CONFIG } from '@wps/shared/provably-fair';
import { ORIGINALS_RTP_BAND } from '@wps/shared/originals/originals-common';
import { INHOUSE_GAMES, INHOUSE_VASSALAGE, type InhouseGameKind } from '@wps/shared/schemas/inhouse';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useLaunchGame } from '../../../lib/api/launch-game';
import { useInhouseOffer } from '../api/get-offer';
import { InhouseGameArt } from './inhouse-game-art';
import '../inhouse.css';
import '../inhouse-dice-lobby.css';

const KINDS = Object.values(INHOUSE_GAMES) as string[];

/** The rules text of a game, with its RTP (an original's band: the game page shows the RTP in force). */
function useRulesText(game: InhouseGameKind): string {
  const { t } = useTranslation('inhouse');
  const formats = useFormats();
  if (game === 'slot')
    return t('games.slot.rules', { lines: SLOT_CONFIG.lines.length, rtp: formats.percent(SLOT_CONFIG.targetRtp) });
  if (game === 'dice')
    return t('games.dice.rules', {
      whole: formats.percent(1, 0),
      edge: formats.percent(DICE_CONFIG.houseEdgeBp / 10000),
      rtp: formats.percent(1 - DICE_CONFIG.houseEdgeBp / 10000),
    });
  return `${t(`games.${game}.rules`)} ${t('originals.rtpBand', {
    min: formats.percent(ORIGINALS_RTP_BAND.minBps / 10_000, 0),
    max: formats.percent(ORIGINALS_RTP_BAND.maxBps / 10_000, 0),
  })}`;
}

/** /inhouse/:game: the rules of one in-house game, and its play button. */
export function InhouseGamePage() {
  const { game } = useParams();
  const launch = useLaunchGame();
  if (!game || !KINDS.includes(game)) return <Navigate to="/inhouse" replace />;
  return <GameRules game={game as InhouseGameKind} launch={launch} />;
}

/** A game the licence in force does not let the site offer: said plainly, with the way back. */
function NotOffered({ game }: { game: InhouseGameKind }) {
  const { t } = useTranslation('inhouse');
  return (
    <article className="ih-detail" aria-labelledby="ih-detail-title" data-testid="inhouse-not-offered">
      <Link to="/inhouse" className="ih-detail__back">
        {t('detail.back')}
      </Link>
      <h1 id="ih-detail-title">{t(`games.${game}.name`)}</h1>
      <p role="status">{t('detail.notOffered')}</p>
    </article>
  );
}

function GameRules({ game, launch }: { game: InhouseGameKind; launch: ReturnType<typeof useLaunchGame> }) {
  const { t } = useTranslation('inhouse');
  const rules = useRulesText(game);
  const nodeId = `inhouse-${game}`;
  const offer = useInhouseOffer();
  if (offer.data?.hiddenByLicence.includes(nodeId)) return <NotOffered game={game} />;

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
      <p>{rules}</p>
      <h2>{t('lobby.fairTitle')}</h2>
      <p>{t('fair.explain')}</p>
    </article>
  );
}
