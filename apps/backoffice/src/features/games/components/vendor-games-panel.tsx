import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { formatMinor, formatTypedAmount } from '@wps/shared/money';
import { INHOUSE_GAMES } from '@wps/shared/schemas/inhouse';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useVendorGames, type OpsGame } from '../api/vendor-games';
import { CatalogueRowActions } from './catalogue-row-actions';
import { CatalogueStatusBadge } from './catalogue-status-badge';
import { GameSettingsDialog } from './game-settings-dialog';
import type { PendingStatusChange } from './status-change-dialog';

type VendorGamesPanelProps = {
  vassalage: string;
  canWrite: boolean;
  onChange: (change: PendingStatusChange) => void;
  onClose: () => void;
  /** The panel's heading, focused when the operator opens a vendor from the table. */
  headingRef: Ref<HTMLHeadingElement>;
};

function matches(game: OpsGame, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return q === '' || game.name.toLocaleLowerCase().includes(q) || game.nodeId.toLocaleLowerCase().includes(q);
}

/**
 * One vendor's games (`?vendor=` in the URL): each with its type, classification, minimum bet and
 * own status, filtered by name in place; the vendor's status shows above them because it applies
 * on top of every game's. A game the licence in force hides from players (BR: a P2P table) says so
 * under its name, whatever its status: enabling it does not show it.
 */
export function VendorGamesPanel({ vassalage, canWrite, onChange, onClose, headingRef }: VendorGamesPanelProps) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const formatMoney = useFormatMoney();
  const { i18n } = useTranslation();
  /** A stated RTP in the interface language's decimals: 9650 → "96,50". */
  const rtpText = (bps: number) => formatTypedAmount(formatMinor(BigInt(bps), 2), 2, localeTag(i18n.language));
  const headingId = useId();
  const filterId = useId();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<OpsGame | null>(null);
  const games = useVendorGames(vassalage);
  const vendor = games.data?.vendor;
  const name = vendor?.name ?? vassalage;
  const shown = games.data?.games.filter((game) => matches(game, query)) ?? [];

  let body;
  if (games.isPending) body = <LoadingState label={t('loading')} />;
  else if (games.isError)
    body = (
      <ErrorState
        message={
          isApiError(games.error, 'VENDOR_NOT_FOUND')
            ? t('games.vendorNotFound', { code: vassalage })
            : errorText(tc, games.error)
        }
        action={
          <Button variant="secondary" size="sm" onClick={() => void games.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (games.data.games.length === 0) body = <EmptyState title={t('games.empty')} />;
  else
    body = (
      <>
        <div className="catalogue-games__toolbar">
          <div className="field catalogue-games__filter">
            <label className="field__label" htmlFor={filterId}>
              {t('games.filter')}
            </label>
            <input
              id={filterId}
              className="field__input"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              aria-describedby={`${filterId}-hint`}
            />
            <p id={`${filterId}-hint`} className="field__hint">
              {t('games.filterHint')}
            </p>
          </div>
          <p className="catalogue-games__count" aria-live="polite">
            {t('games.count', { count: shown.length })}
          </p>
        </div>
        {shown.length === 0 ? (
          <EmptyState title={t('games.noMatch', { query: query.trim() })} />
        ) : (
          <TableScroll label={t('games.caption', { name })}>
            <table className="data-table catalogue-table" aria-busy={games.isFetching || undefined}>
              <caption className="visually-hidden">{t('games.caption', { name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('games.name')}</th>
                  <th scope="col">{t('games.type')}</th>
                  <th scope="col">{t('games.classify')}</th>
                  <th scope="col" className="is-numeric">
                    {t('games.minBet')}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t('games.rtp')}
                  </th>
                  <th scope="col">{t('games.status')}</th>
                  {canWrite && <th scope="col">{t('games.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {shown.map((game) => (
                  <tr key={game.nodeId} data-node-id={game.nodeId}>
                    <th scope="row">
                      {game.name}
                      <code className="catalogue-table__id">{game.nodeId}</code>
                      {game.hiddenByLicence && (
                        <span className="catalogue-table__hidden">{t('games.hiddenByLicence')}</span>
                      )}
                    </th>
                    <td>{t(`categories.${game.gameType}`, { defaultValue: game.gameType })}</td>
                    <td>{game.gameClassify}</td>
                    <td className="is-numeric">{formatMoney(game.minBetMinor, SITE_MONEY)}</td>
                    <td className="is-numeric" data-testid="game-rtp">
                      {game.rtpBps === null ? t('games.rtpNone') : t('games.rtpValue', { value: rtpText(game.rtpBps) })}
                    </td>
                    <td>
                      <CatalogueStatusBadge status={game.status} />
                    </td>
                    {canWrite && (
                      <CatalogueRowActions
                        name={game.name}
                        status={game.status}
                        groupLabel={t('games.actionsFor', { name: game.name })}
                        editLabel={t('settings.editGameFor', { name: game.name })}
                        onEdit={() => setEditing(game)}
                        onChoose={(to) =>
                          onChange({ kind: 'game', id: game.nodeId, name: game.name, from: game.status, to })
                        }
                      />
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </>
    );

  return (
    <section className="catalogue-games" aria-labelledby={headingId}>
      <div className="catalogue-games__header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('games.title', { name })}
        </h2>
        {vendor && <CatalogueStatusBadge status={vendor.status} />}
        <Button variant="ghost" size="sm" className="catalogue-games__close" onClick={onClose}>
          {t('games.close')}
        </Button>
      </div>
      <p>{t('games.intro')}</p>
      {vendor && vendor.status !== 'active' && (
        <p className="catalogue-games__warning" role="note">
          {t(`games.vendorNotActive.${vendor.status}`, { name: vendor.name })}
        </p>
      )}
      {body}
      {editing && (
        <GameSettingsDialog
          key={editing.nodeId}
          game={{
            nodeId: editing.nodeId,
            name: editing.name,
            sort: editing.sort,
            isHot: editing.isHot,
            minBet: editing.minBet,
            rtp: editing.rtpBps === null ? '' : rtpText(editing.rtpBps),
            isRtpFixed: editing.nodeId in INHOUSE_GAMES,
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
