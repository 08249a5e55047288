import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { errorText } from '../../../lib/error-text';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useInhouseGames } from '../api/inhouse-games-list';
import { useFormatRtp } from '../format-rtp';
import { CatalogueStatusBadge } from './catalogue-status-badge';
import { InhouseGameDialog } from './inhouse-game-dialog';

/**
 * Our own games (games.read): each with its RTP, which is fixed by its paytable or house edge and
 * only shown, and the stakes a round accepts: the minimum is the game's catalogue minimum bet,
 * the maximum the operator's (games.write edits it) or else the house limit.
 */
export function InhouseGamesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const formatMoney = useFormatMoney();
  const games = useInhouseGames();
  const [editing, setEditing] = useState<OpsInhouseGame | null>(null);
  const formatRtp = useFormatRtp();

  let body;
  if (games.isPending) body = <LoadingState label={t('loading')} />;
  else if (games.isError)
    body = (
      <ErrorState
        message={errorText(tc, games.error)}
        action={
          <Button variant="secondary" size="sm" onClick={() => void games.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (games.data.length === 0) body = <EmptyState title={t('inhouse.empty')} />;
  else
    body = (
      <TableScroll label={t('inhouse.caption')}>
        <table className="data-table catalogue-table">
          <caption className="visually-hidden">{t('inhouse.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games.name')}</th>
              <th scope="col" className="is-numeric">
                {t('inhouse.rtp')}
              </th>
              <th scope="col" className="is-numeric">
                {t('inhouse.minStake')}
              </th>
              <th scope="col" className="is-numeric">
                {t('inhouse.maxStake')}
              </th>
              <th scope="col">{t('games.status')}</th>
              {canWrite && <th scope="col">{t('games.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {games.data.map((game) => (
              <tr key={game.nodeId} data-node-id={game.nodeId}>
                <th scope="row">
                  {game.name}
                  <code className="catalogue-table__id">{game.nodeId}</code>
                </th>
                <td className="is-numeric">{formatRtp(game.rtp)}</td>
                <td className="is-numeric">{formatMoney(game.minStakeMinor, SITE_MONEY)}</td>
                <td className="is-numeric">
                  {formatMoney(game.maxStakeMinor, SITE_MONEY)}
                  {game.maxStakeSetMinor === null && (
                    <span className="catalogue-table__id">{t('inhouse.houseLimit')}</span>
                  )}
                </td>
                <td>
                  <CatalogueStatusBadge status={game.status} />
                </td>
                {canWrite && (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('inhouse.editFor', { name: game.name })}
                      onClick={() => setEditing(game)}
                    >
                      {t('settings.edit')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );

  return (
    <section className="catalogue-inhouse" aria-labelledby="inhouse-title">
      <h2 id="inhouse-title">{t('inhouse.title')}</h2>
      <p>{t('inhouse.intro')}</p>
      {body}
      {editing && <InhouseGameDialog key={editing.nodeId} game={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
