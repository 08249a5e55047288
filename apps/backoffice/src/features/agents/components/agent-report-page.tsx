import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import type { AgentFigures } from '@wps/shared/schemas/agent-ops';
import { DateRangePicker } from '../../../components/date-range-picker';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useTimeZone } from '../../../lib/time-zone';
import { useDayRangeSearch } from '../../../lib/use-day-range-search';
import { useAgentReport } from '../api/agent-report';
import { fetchAgentSearch } from '../api/search-agents';
import { useTypeLabel } from './agent-labels';
import './agents.css';

const FIGURES = ['members', 'activePlayers', 'deposits', 'turnover', 'netLoss', 'payouts', 'unpaid'] as const;

/** One group's figures as table cells, in FIGURES order. */
function FigureCells({ figures }: { figures: AgentFigures }) {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  return (
    <>
      <td className="num" data-figure="members">
        {figures.members}
      </td>
      <td className="num" data-figure="activePlayers">
        {figures.activePlayers}
      </td>
      <td className="num" data-figure="deposits">
        {formatMoney(figures.depositsMinor)}{' '}
        <span className="agents-muted">{t('report.depositCount', { count: figures.depositCount })}</span>
      </td>
      <td className="num" data-figure="turnover">
        {formatMoney(figures.turnoverMinor)}
      </td>
      <td className="num" data-figure="netLoss">
        {formatMoney(figures.netLossMinor)}
      </td>
      <td className="num" data-figure="payouts">
        {formatMoney(figures.payoutsMinor)}
      </td>
      <td className="num" data-figure="unpaid">
        {formatMoney(figures.unpaidMinor)}
      </td>
    </>
  );
}

/**
 * Agent reports (agents.read): for an agent named by its account and a range of days in the
 * operator's time zone, its whole team's members, active players, deposits, turnover and the
 * players' net loss, the settlement statements paid and still to pay, then each direct downline
 * agent's branch and the direct members together; and what the agent itself was paid.
 */
export function AgentReportPage() {
  const { t } = useTranslation('agents');
  const typeLabel = useTypeLabel();
  const formatMoney = useFormatMoney();
  const zone = useTimeZone();
  const [search, setSearch] = useSearchParams();
  const memberId = /^\d+$/.test(search.get('member') ?? '') ? search.get('member')! : '';
  const { range, apply } = useDayRangeSearch(zone);
  const report = useAgentReport(memberId, range.from, range.to, memberId !== '');
  const [account, setAccount] = useState('');
  const [finding, setFinding] = useState<'idle' | 'busy' | 'unknown'>('idle');

  useEffect(() => {
    document.title = t('report.documentTitle');
  }, [t]);

  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    setSearch(next);
  };
  const choose = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = account.trim().toLowerCase();
    if (wanted === '') return;
    setFinding('busy');
    const found = await fetchAgentSearch(wanted, false).catch(() => null);
    const hit = found?.list.find((m) => m.account.toLowerCase() === wanted);
    setFinding(hit ? 'idle' : 'unknown');
    if (hit) set({ member: hit.id });
  };

  const head = (
    <tr>
      <th scope="col">{t('report.group')}</th>
      {FIGURES.map((f) => (
        <th key={f} scope="col" className="num">
          {t(`report.figures.${f}`)}
        </th>
      ))}
    </tr>
  );

  return (
    <section className="page agents-page" aria-labelledby="agent-report-title">
      <div className="page-header">
        <h1 id="agent-report-title">{t('report.title')}</h1>
      </div>
      <p>{t('report.intro')}</p>
      <form className="agents-search" onSubmit={choose} aria-label={t('report.chooseLabel')}>
        <div className="field agents-search__q">
          <label className="field__label" htmlFor="agent-report-account">
            {t('report.account')}
          </label>
          <input
            id="agent-report-account"
            className="field__input"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
        </div>
        <Button type="submit" loading={finding === 'busy'}>
          {t('report.show')}
        </Button>
      </form>
      {finding === 'unknown' && <FormError message={t('report.unknown')} />}
      <div className="agents-range">
        <DateRangePicker label={t('report.period')} value={range} onChange={apply} />
      </div>

      {memberId === '' ? (
        <p className="agents-muted">{t('report.choose')}</p>
      ) : report.isPending ? (
        <LoadingState label={t('loading')} />
      ) : report.isError ? (
        <ErrorState message={errorText(t, report.error)} />
      ) : (
        <>
          <h2 className="agents-subtitle">
            {t('report.of', { account: report.data.member.account, type: typeLabel(report.data.member.type) })}
          </h2>
          <p data-figure="own">
            {t('report.own', {
              paid: formatMoney(report.data.own.payoutsMinor),
              unpaid: formatMoney(report.data.own.unpaidMinor),
            })}
          </p>
          <TableScroll label={t('report.teamTable')}>
            <table className="data-table plain-table agents-table agents-report">
              <caption className="visually-hidden">{t('report.teamTable')}</caption>
              <thead>{head}</thead>
              <tbody>
                <tr data-group="team">
                  <th scope="row">{t('report.team')}</th>
                  <FigureCells figures={report.data.team} />
                </tr>
                <tr data-group="direct">
                  <th scope="row">{t('report.directMembers')}</th>
                  <FigureCells figures={report.data.directMembers} />
                </tr>
              </tbody>
            </table>
          </TableScroll>
          <h3 className="agents-subtitle">{t('report.branches', { count: report.data.branchCount })}</h3>
          {report.data.branches.length === 0 ? (
            <p className="agents-muted">{t('report.noBranches')}</p>
          ) : (
            <TableScroll label={t('report.branchTable')}>
              <table className="data-table plain-table agents-table agents-report">
                <caption className="visually-hidden">{t('report.branchTable')}</caption>
                <thead>{head}</thead>
                <tbody>
                  {report.data.branches.map((b) => (
                    <tr key={b.member.id} data-branch={b.member.account}>
                      <th scope="row">{b.member.account}</th>
                      <FigureCells figures={b.figures} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </section>
  );
}
