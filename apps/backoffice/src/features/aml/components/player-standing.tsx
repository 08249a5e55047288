import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { AmlPlayer } from '@wps/shared/schemas/aml';
import { localeTag } from '../../../lib/i18n';
import { useRerateAmlPlayer } from '../api/rerate-aml-player';
import { RatingBadge } from './aml-badges';
import { AmlReasons } from './aml-reasons';

/** The player's risk rating now: level, points, PEP status and the reasons, with "rate again". */
export function PlayerStanding({ player }: { player: AmlPlayer }) {
  const { t, i18n } = useTranslation('aml');
  const rerate = useRerateAmlPlayer((rated) => t('standing.rerated', { rating: t(`ratings.${rated.rating}`) }));
  const pepStatus = t(`standing.pepStatuses.${player.pep}`);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  return (
    <section className="page-section" aria-labelledby="aml-standing-title">
      <h2 id="aml-standing-title">{t('standing.title')}</h2>
      <dl className="aml-facts">
        <dt>{t('standing.rating')}</dt>
        <dd>
          <RatingBadge rating={player.rating} /> · {t('standing.points', { points: player.points })}
        </dd>
        <dt>{t('standing.pep')}</dt>
        <dd>{player.pepRole ? `${pepStatus} · ${player.pepRole}` : pepStatus}</dd>
        <dt>{t('standing.ratedAt')}</dt>
        <dd>
          {player.ratedAt ? (
            <time dateTime={player.ratedAt}>{dates.format(new Date(player.ratedAt))}</time>
          ) : (
            t('standing.never')
          )}
        </dd>
      </dl>
      <AmlReasons reasons={player.reasons} label={t('standing.reasons')} />
      {rerate.errorMessage && <p role="alert">{rerate.errorMessage}</p>}
      <Button
        variant="secondary"
        loading={rerate.isPending}
        onClick={() => rerate.mutate({ memberId: player.memberId })}
      >
        {t('standing.rerate')}
      </Button>
    </section>
  );
}
