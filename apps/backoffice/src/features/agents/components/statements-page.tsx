import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { STATEMENT_STATUSES, type StatementSummary } from '@wps/shared/schemas/agent-settlement';
import { CONTRACT_TYPES } from '@wps/shared/schemas/agents';
import { DataTable, dataColumns } from '../../../components/data-table';
import { ALL, SelectFilter, filterOptions } from '../../../components/select-filter';
import { useListParams } from '../../../lib/list-params';
import { useFormatMoney } from '../../../lib/money';
import { useStatements } from '../api/statements-list';
import { fetchAgentSearch } from '../api/search-agents';
import { useRateLabel } from './agent-labels';
import { StatementDialog } from './statements-table';
import './agents.css';
import { formatPeriodKey } from '../../../lib/format-date';

const col = dataColumns<StatementSummary>();
const FILTER_KEYS = ['type', 'status', 'memberId'];

/**
 * Settlement statements (agents.read): what each contract paid its agent per period, filtered by
 * type, status and payee (by account), newest period first; a statement opens with its lines.
 */
export function StatementsPage() {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  const rate = useRateLabel();
  const params = useListParams({ filterKeys: FILTER_KEYS, defaultSort: 'periodStart' });
  const query = useMemo(() => params.toQuery(), [params]);
  const list = useStatements(query);
  const [open, setOpen] = useState<string | null>(null);
  const [payee, setPayee] = useState('');
  const [unknown, setUnknown] = useState(false);

  useEffect(() => {
    document.title = t('statements.documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('account', {
          id: 'payee',
          header: t('statements.columns.payee'),
          meta: { rowHeader: true },
          cell: (info) => info.getValue(),
        }),
        col.accessor('type', {
          id: 'type',
          header: t('contracts.columns.type'),
          cell: (info) => t(`contractTypes.${info.getValue()}`),
        }),
        col.accessor('periodKey', {
          id: 'periodStart',
          header: t('runs.columns.period'),
          enableSorting: true,
          cell: (info) => formatPeriodKey(info.getValue()),
        }),
        col.accessor('teamBaseMinor', {
          id: 'base',
          header: t('statements.columns.base'),
          meta: { numeric: true },
          cell: (info) => formatMoney(info.getValue()),
        }),
        col.accessor('rateBp', {
          id: 'rate',
          header: t('statements.columns.rate'),
          meta: { numeric: true },
          cell: (info) => rate(info.getValue()),
        }),
        col.accessor('amountMinor', {
          id: 'amount',
          header: t('statements.columns.amount'),
          meta: { numeric: true },
          cell: (info) => formatMoney(info.getValue()),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('statements.columns.status'),
          cell: (info) => t(`statementStatuses.${info.getValue()}`),
        }),
        col.display({
          id: 'actions',
          header: t('statements.columns.actions'),
          cell: (info) => (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setOpen(info.row.original.id)}
              aria-label={t('statements.linesFor', { id: info.row.original.id })}
            >
              {t('statements.lines')}
            </Button>
          ),
        }),
      ]),
    [t, formatMoney, rate],
  );

  const choosePayee = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = payee.trim().toLowerCase();
    if (wanted === '') {
      setUnknown(false);
      params.setFilters({ memberId: null });
      return;
    }
    const found = await fetchAgentSearch(wanted, false).catch(() => null);
    const hit = found?.list.find((m) => m.account.toLowerCase() === wanted);
    setUnknown(!hit);
    if (hit) params.setFilters({ memberId: hit.id });
  };

  const toolbar = (
    <div className="agents-filters">
      <SelectFilter
        label={t('contracts.filters.type')}
        value={params.filters.type ?? ALL}
        options={filterOptions(CONTRACT_TYPES, (v) => t(`contractTypes.${v}`), t('contracts.filters.all'))}
        onChange={(v) => params.setFilters({ type: v === ALL ? null : v })}
      />
      <SelectFilter
        label={t('contracts.filters.status')}
        value={params.filters.status ?? ALL}
        options={filterOptions(STATEMENT_STATUSES, (v) => t(`statementStatuses.${v}`), t('contracts.filters.all'))}
        onChange={(v) => params.setFilters({ status: v === ALL ? null : v })}
      />
      <form className="agents-filters__parties" onSubmit={choosePayee} aria-label={t('statements.payeeFilter')}>
        <div className="field">
          <label className="field__label" htmlFor="statements-payee">
            {t('statements.payee')}
          </label>
          <input
            id="statements-payee"
            className="field__input"
            value={payee}
            onChange={(e) => setPayee(e.target.value)}
            aria-describedby={unknown ? 'statements-payee-error' : undefined}
          />
          {unknown && (
            <p id="statements-payee-error" className="field__error" role="alert">
              {t('report.unknown')}
            </p>
          )}
        </div>
        <Button type="submit" variant="secondary">
          {t('contracts.filters.apply')}
        </Button>
      </form>
    </div>
  );

  return (
    <section className="page agents-page" aria-labelledby="statements-title">
      <div className="page-header">
        <h1 id="statements-title">{t('statements.title')}</h1>
      </div>
      <p>{t('statements.intro')}</p>
      <DataTable
        caption={t('statements.title')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('statements.empty')}
      />
      {open && <StatementDialog statementId={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
