import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { AuditEntry } from '@wps/shared/schemas/operator';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useAgentAudit } from '../api/agent-audit';
import { useTypeLabel } from './agent-labels';

type Snapshot = {
  uplineId?: string | null;
  uplineAccount?: string | null;
  type?: number;
  movedMembers?: number;
  tiers?: unknown;
  contractId?: string;
  changeId?: string;
} | null;

/** What an entry changed, in words: the upline before and after, the type, or the house contract. */
function useDescribe(): (entry: AuditEntry) => string {
  const { t } = useTranslation('agents');
  const typeLabel = useTypeLabel();
  return (entry) => {
    const before = entry.before as Snapshot;
    const after = entry.after as Snapshot;
    if (entry.action === 'agent.move') {
      return t('audit.moved', { upline: after?.uplineAccount ?? t('audit.top'), count: after?.movedMembers ?? 1 });
    }
    if (entry.action === 'agent.type')
      return t('audit.typed', { from: typeLabel(before?.type ?? 0), to: typeLabel(after?.type ?? 0) });
    if (entry.action === 'agent.contract.house') return t('audit.house', { id: after?.contractId ?? '' });
    if (entry.action === 'agent.contract.house_request')
      return t('audit.houseRequested', { id: after?.changeId ?? '' });
    if (entry.action === 'agent.contract.house_reject') return t('audit.houseRejected', { id: after?.changeId ?? '' });
    if (entry.action === 'agent.payee.hold') return t('audit.held');
    if (entry.action === 'agent.payee.release') return t('audit.releasedPay');
    return entry.action;
  };
}

/** The agent side's audit entries about a member (moves, type changes, house contracts, payee holds), newest first. */
export function AgentAudit({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('agents');
  const [page, setPage] = useState(1);
  const audit = useAgentAudit(memberId, page);
  const describe = useDescribe();
  const dates = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <section className="agents-audit" aria-labelledby="agents-audit-title">
      <h3 id="agents-audit-title" className="agents-subtitle">
        {t('audit.title')}
      </h3>
      {audit.isPending ? (
        <LoadingState label={t('loading')} />
      ) : audit.isError ? (
        <ErrorState message={errorText(t, audit.error)} />
      ) : audit.data.list.length === 0 ? (
        <p className="agents-muted">{t('audit.none')}</p>
      ) : (
        <>
          <TableScroll label={t('audit.title')}>
            <table className="data-table plain-table agents-table">
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.change')}</th>
                  <th scope="col">{t('audit.reason')}</th>
                  <th scope="col">{t('audit.operator')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.list.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.at}>{dates.format(new Date(e.at))}</time>
                    </td>
                    <th scope="row">{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</th>
                    <td>{describe(e)}</td>
                    <td>{e.reason ?? '—'}</td>
                    <td>{e.actorName ?? (e.actorId ? `#${e.actorId}` : '—')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {audit.data.totalPages > 1 && (
            <nav className="agents-pager" aria-label={t('audit.pages')}>
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <span>{t('pageOf', { page, pages: audit.data.totalPages })}</span>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= audit.data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                {t('next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
