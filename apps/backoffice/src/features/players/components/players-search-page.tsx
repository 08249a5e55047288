import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { PLAYER_SEARCH_KEYS, type PlayerSearchKey } from '@wps/shared/schemas/players';
import { errorText } from '../../../lib/error-text';
import { useSearchPlayers } from '../api/search-players';
import { StatusBadge } from './status-badge';
import './players.css';

const isKey = (value: string | null): value is PlayerSearchKey =>
  (PLAYER_SEARCH_KEYS as readonly (string | null)[]).includes(value);

/**
 * Player search (players.read): by username prefix, mobile, e-mail, member id or a bank
 * account's last digits. The search lives in the URL, so a result list can be shared and reloaded.
 */
export function PlayersSearchPage() {
  const { t, i18n } = useTranslation('players');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const keyParam = params.get('key');
  const key: PlayerSearchKey = isKey(keyParam) ? keyParam : 'username';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [draft, setDraft] = useState({ q, key });
  const results = useSearchPlayers({ q, key, page });

  useEffect(() => {
    document.title = t('search.documentTitle');
  }, [t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: draft.q.trim(), key: draft.key, page: '1' });
  };
  const goTo = (next: number) => setParams({ q, key, page: String(next) });
  const date = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', { dateStyle: 'short' });

  return (
    <section className="page" aria-labelledby="players-title">
      <div className="page-header">
        <h1 id="players-title">{t('search.title')}</h1>
      </div>
      <form className="player-search" role="search" onSubmit={submit} aria-label={t('search.formLabel')}>
        <div className="field">
          <label className="field__label" htmlFor="player-search-key">
            {t('search.key')}
          </label>
          <select
            id="player-search-key"
            className="field__input"
            value={draft.key}
            onChange={(e) => setDraft({ ...draft, key: e.target.value as PlayerSearchKey })}
          >
            {PLAYER_SEARCH_KEYS.map((k) => (
              <option key={k} value={k}>
                {t(`search.keys.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field player-search__q">
          <label className="field__label" htmlFor="player-search-q">
            {t('search.query')}
          </label>
          <input
            id="player-search-q"
            className="field__input"
            type="search"
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            aria-describedby="player-search-hint"
          />
          <p id="player-search-hint" className="field__hint">
            {t(`search.hints.${draft.key}`)}
          </p>
        </div>
        <Button type="submit">{t('search.submit')}</Button>
      </form>

      {q === '' ? null : results.isPending ? (
        <LoadingState label={t('loading')} />
      ) : results.isError ? (
        <ErrorState message={errorText(t, results.error)} />
      ) : results.data.list.length === 0 ? (
        <EmptyState title={t('search.none')} />
      ) : (
        <>
          <TableScroll label={t('search.results')}>
            <table className="data-table">
              <caption className="visually-hidden">{t('search.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.account')}</th>
                  <th scope="col">{t('columns.memberId')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.mobile')}</th>
                  <th scope="col">{t('columns.email')}</th>
                  <th scope="col">{t('columns.registered')}</th>
                </tr>
              </thead>
              <tbody>
                {results.data.list.map((p) => (
                  <tr key={p.memberId}>
                    <th scope="row">
                      <Link to={`/players/${p.memberId}`}>{p.account}</Link>
                    </th>
                    <td>{p.memberId}</td>
                    <td>
                      <StatusBadge status={p.status} />
                    </td>
                    <td>{p.mobile ?? '—'}</td>
                    <td>{p.email ?? '—'}</td>
                    <td>{date.format(new Date(p.createdAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <nav className="keyset-table__pager" aria-label={t('search.pages')}>
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('previous')}
            </Button>
            <span>{t('pageN', { page })}</span>
            <Button variant="secondary" size="sm" disabled={!results.data.hasMore} onClick={() => goTo(page + 1)}>
              {t('next')}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
