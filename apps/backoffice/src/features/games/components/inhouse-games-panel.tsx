import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { errorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format-date';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useInhouseGames } from '../api/inhouse-games-list';
import { useFormatRtp } from '../format-rtp';
import { CatalogueRowActions } from './catalogue-row-actions';
import { CatalogueStatusBadge } from './catalogue-status-badge';
import { InhouseCertificateDialog } from './inhouse-certificate-dialog';
import { InhouseGameDialog } from './inhouse-game-dialog';
import { StatusChangeDialog, type PendingStatusChange } from './status-change-dialog';

/**
 * Our own games (games.read): each with its RTP (the slot's and the dice's fixed by their maths,
 * an original's the operator's within the band), the stakes a round accepts (the minimum is the
 * game's catalogue minimum bet, the maximum the operator's or else the house limit), an original's
 * maximum payout (under its maximum stake), an original's lab certificate (with the mark when the
 * licence in force hides it for want of one: inhouse-certificate-dialog.tsx) and its status; its
 * bonus wagering weight is in its dialog.
 * games.write edits the settings and puts a game in maintenance, disables or enables it (the
 * catalogue's status change, audited with a reason).
 */
export function InhouseGamesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const formatMoney = useFormatMoney();
  const games = useInhouseGames();
  const [editing, setEditing] = useState<OpsInhouseGame | null>(null);
  const [certifying, setCertifying] = useState<OpsInhouseGame | null>(null);
  const [pending, setPending] = useState<PendingStatusChange | null>(null);
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
                  {game.maxPayoutMinor !== null && (
                    <span className="catalogue-table__id">
                      {t('inhouse.maxPayoutShort', { amount: formatMoney(game.maxPayoutMinor, SITE_MONEY) })}
                    </span>
                  )}
                </td>
                <td>
                  <CatalogueStatusBadge status={game.status} />
                  {/* The certificate sits with the status, not in a column of its own: the table
                      fits 1024 px with its actions (a licence without the rule says "not needed"). */}
                  <div className="catalogue-table__certificate" data-certificate={game.nodeId}>
                    {!game.needsCertificate
                      ? t('inhouse.certificateNotNeeded')
                      : game.certificate
                        ? t('inhouse.certificateLine', {
                            lab: game.certificate.lab,
                            number: game.certificate.number,
                            date: formatDay(game.certificate.issuedOn),
                          })
                        : t('inhouse.certificateNone')}
                    {game.hiddenByLicence && (
                      <span className="catalogue-table__hidden">{t('inhouse.hiddenByLicence')}</span>
                    )}
                    {canWrite && game.needsCertificate && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('inhouse.certificateFor', { name: game.name })}
                        onClick={() => setCertifying(game)}
                      >
                        {t('inhouse.certificateButton')}
                      </Button>
                    )}
                  </div>
                </td>
                {canWrite && (
                  <CatalogueRowActions
                    name={game.name}
                    status={game.status}
                    groupLabel={t('inhouse.actionsFor', { name: game.name })}
                    editLabel={t(game.isOriginal ? 'inhouse.editForOriginal' : 'inhouse.editFor', { name: game.name })}
                    onEdit={() => setEditing(game)}
                    onChoose={(to) =>
                      setPending({ kind: 'game', id: game.nodeId, name: game.name, from: game.status, to })
                    }
                  />
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
      {certifying && (
        <InhouseCertificateDialog key={certifying.nodeId} game={certifying} onClose={() => setCertifying(null)} />
      )}
      {editing && <InhouseGameDialog key={editing.nodeId} game={editing} onClose={() => setEditing(null)} />}
      {pending && (
        <StatusChangeDialog key={`${pending.id}:${pending.to}`} pending={pending} onClose={() => setPending(null)} />
      )}
    </section>
  );
}
