import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { errorText } from '../../../lib/error-text';
import { usePlayer } from '../api/get-player';
import { PlayerActions } from './player-actions';
import { PlayerListTab } from './player-lists';
import { PlayerProfileTab, PlayerBalancesTab } from './player-profile';
import { StatusBadge } from './status-badge';
import './players.css';

export const PLAYER_TABS = ['profile', 'balances', 'ledger', 'deposits', 'withdrawals', 'rounds', 'inhouse', 'sessions', 'notices', 'audit'] as const;
export type PlayerTab = (typeof PLAYER_TABS)[number];

/** One player (players.read): profile and balances, every list of their history, and the actions the role may take. */
export function PlayerPage() {
  const { t } = useTranslation('players');
  const { playerId = '' } = useParams();
  const player = usePlayer(playerId);
  const [tab, setTab] = useState<PlayerTab>('profile');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    document.title = player.data ? t('page.documentTitle', { account: player.data.account }) : t('page.documentTitleLoading');
  }, [t, player.data]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? PLAYER_TABS.length - 1 : (index + step + PLAYER_TABS.length) % PLAYER_TABS.length;
    setTab(PLAYER_TABS[next]!);
    tabRefs.current[next]?.focus();
  };

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
      <div className="player-tabs" role="tablist" aria-label={t('page.tabsLabel')}>
        {PLAYER_TABS.map((id, index) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`player-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`player-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="player-tabs__tab"
            onClick={() => setTab(id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`player-panel-${tab}`} aria-labelledby={`player-tab-${tab}`} tabIndex={0} className="player-panel">
        {tab === 'profile' ? <PlayerProfileTab player={p} /> : tab === 'balances' ? <PlayerBalancesTab memberId={p.memberId} /> : <PlayerListTab key={tab} memberId={p.memberId} tab={tab} money={{ currency: p.currency, scale: p.scale }} />}
      </div>
    </section>
  );
}
