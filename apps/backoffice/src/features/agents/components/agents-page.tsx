import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { errorText } from '../../../lib/error-text';
import { useAgentSearch } from '../api/search-agents';
import { useTypeLabel } from './agent-labels';
import { MemberPanel } from './member-panel';
import './agents.css';

/**
 * The agent tree (agents.read): members found by account, then one member's place: the chain
 * above it, its direct downlines opened level by level with their team sizes, and the agent
 * side's audit entries. With agents.write: move it with its team, change its type, set a top
 * agent's house contract, each with a reason. The search and the member open live in the URL.
 */
export function AgentsPage() {
  const { t } = useTranslation('agents');
  const typeLabel = useTypeLabel();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const agentsOnly = params.get('agentsOnly') === 'true';
  const memberId = params.get('member');
  const [draft, setDraft] = useState({ q, agentsOnly });
  const results = useAgentSearch(q, agentsOnly);

  useEffect(() => {
    document.title = t('tree.documentTitle');
  }, [t]);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.q.trim().toLowerCase(), agentsOnly: draft.agentsOnly ? 'true' : null });
  };

  return (
    <section className="page agents-page" aria-labelledby="agents-title">
      <div className="page-header">
        <h1 id="agents-title">{t('tree.title')}</h1>
      </div>
      <p>{t('tree.intro')}</p>
      <form className="agents-search" role="search" aria-label={t('tree.searchLabel')} onSubmit={submit}>
        <div className="field agents-search__q">
          <label className="field__label" htmlFor="agents-search-q">
            {t('tree.account')}
          </label>
          <input
            id="agents-search-q"
            className="field__input"
            type="search"
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            aria-describedby="agents-search-hint"
          />
          <p id="agents-search-hint" className="field__hint">
            {t('tree.accountHint')}
          </p>
        </div>
        <label className="agents-check">
          <input
            type="checkbox"
            checked={draft.agentsOnly}
            onChange={(e) => setDraft({ ...draft, agentsOnly: e.target.checked })}
          />
          {t('tree.agentsOnly')}
        </label>
        <Button type="submit">{t('tree.search')}</Button>
      </form>

      {q !== '' &&
        (results.isPending ? (
          <LoadingState label={t('loading')} />
        ) : results.isError ? (
          <ErrorState message={errorText(t, results.error)} />
        ) : results.data.list.length === 0 ? (
          <EmptyState title={t('tree.none')} />
        ) : (
          <TableScroll label={t('tree.results')}>
            <table className="data-table plain-table agents-table">
              <caption className="visually-hidden">{t('tree.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.account')}</th>
                  <th scope="col">{t('columns.type')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col" className="num">
                    {t('columns.direct')}
                  </th>
                  <th scope="col" className="num">
                    {t('columns.team')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.data.list.map((m) => (
                  <tr key={m.id} aria-current={m.id === memberId ? 'true' : undefined}>
                    <th scope="row">
                      <button
                        type="button"
                        className="agents-link"
                        onClick={() => update({ member: m.id })}
                        aria-label={t('tree.openMember', { account: m.account })}
                      >
                        {m.account}
                      </button>
                    </th>
                    <td>{typeLabel(m.type)}</td>
                    <td>{t(`statuses.${m.status}`, { defaultValue: m.status })}</td>
                    <td className="num">{m.directDownlines}</td>
                    <td className="num">{m.teamSize}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}

      {memberId && /^\d+$/.test(memberId) && (
        <MemberPanel key={memberId} memberId={memberId} onOpen={(id) => update({ member: id })} />
      )}
    </section>
  );
}
