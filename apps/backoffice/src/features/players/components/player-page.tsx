import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { Tabs } from '../../../components/tabs';
import { errorText } from '../../../lib/error-text';
import { usePlayer } from '../api/get-player';
import { PlayerActions } from './player-actions';
import { PlayerListTab } from './player-lists';
import { PlayerProfileTab, PlayerBalancesTab } from './player-profile';
import { StatusBadge } from './status-badge';
import './players.css';

export const PLAYER_TABS = [
  'profile',
  'balances',
  'ledger',
  'deposits',
  'withdrawals',
  'rounds',
  'inhouse',
  'sessions',
  'notices',
  'audit',
] as const;
export type PlayerTab = (typeof PLAYER_TABS)[number];

/**
 * One player (players.read): profile and balances, every list of their history, and the actions the
 * role may take. `profileExtras` adds other features' panels under the profile (composed in app/).
 */
export function PlayerPage({ profileExtras }: { profileExtras?: (memberId: string) => ReactNode }) {
  const { t } = useTranslation('players');
  const { playerId = '' } = useParams();
  const player = usePlayer(playerId);
  const [tab, setTab] = useState<PlayerTab>('profile');

  useEffect(() => {
    document.title = player.data
      ? t('page.documentTitle', { account: player.data.account })
      : t('page.documentTitleLoading');
  }, [t, player.data]);

  if (player.isPending) return <LoadingState label={t('loading')} />;
  if (player.isError) {
    return (
      <section className="page" aria-labelledby="player-title">
        <h1 id="player-title">{t('page.title')}</h1>
        <ErrorState message={errorText(t, player.error)} action={<Link to="/players">{t('page.backToSearch')}</Link>} />
      </section>
    );
  }
  const p = player.data;
  return (
    <section className="page" aria-labelledby="player-title">
      <p>
        <Link to="/players">{t('page.backToSearch')}</Link>
      </p>
      <div className="page-header">
        <h1 id="player-title">
          {p.account} <StatusBadge status={p.status} />
        </h1>
        <PlayerActions player={p} />
      </div>
      <Tabs
        ids={PLAYER_TABS}
        active={tab}
        onChange={setTab}
        label={t('page.tabsLabel')}
        labelOf={(id) => t(`tabs.${id}`)}
        idPrefix="player"
      >
        {tab === 'profile' ? (
          <>
            <PlayerProfileTab player={p} />
            {profileExtras?.(p.memberId)}
          </>
        ) : tab === 'balances' ? (
          <PlayerBalancesTab memberId={p.memberId} />
        ) : (
          <PlayerListTab key={tab} memberId={p.memberId} tab={tab} money={{ currency: p.currency, scale: p.scale }} />
        )}
      </Tabs>
    </section>
  );
}
