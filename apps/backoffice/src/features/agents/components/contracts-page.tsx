import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { CONTRACT_STATUS_FILTERS, type OpsContract } from '@wps/shared/schemas/agent-ops';
import { CONTRACT_TYPES } from '@wps/shared/schemas/agents';
import { ALL, SelectFilter, filterOptions } from '../../../components/select-filter';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useContracts } from '../api/contracts-list';
import { useRateLabel } from './agent-labels';
import { ContractDetailDialog } from './contract-detail-dialog';
import { HouseContractChanges } from './house-contract-changes';
import './agents.css';

const col = dataColumns<OpsContract>();
const FILTER_KEYS = ['type', 'status', 'upline', 'downline'];

/** The highest rate among a contract's tiers (what it pays once every threshold is reached). */
function topRate(contract: OpsContract): number {
  return Math.max(...contract.tiers.map((tier) => tier.rateBp));
}

/**
 * Contracts oversight (agents.read): every agent's contracts, filtered by type, status and either
 * party's account (`house` for the contracts with the house), newest offer first; a contract
 * opens with its tiers, its steps and the downline's earlier contracts of that type. Above them,
 * the house contracts waiting for a second operator.
 */
export function ContractsPage() {
  const { t, i18n } = useTranslation('agents');
  const rate = useRateLabel();
  const params = useListParams({ filterKeys: FILTER_KEYS, defaultSort: 'offeredAt' });
  const query = useMemo(() => params.toQuery(), [params]);
  const list = useContracts(query);
  const [parties, setParties] = useState({
    upline: params.filters.upline ?? '',
    downline: params.filters.downline ?? '',
  });
  const [open, setOpen] = useState<OpsContract | null>(null);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('contracts.documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', {
          id: 'id',
          header: t('contracts.columns.id'),
          meta: { rowHeader: true },
          cell: (info) => info.getValue(),
        }),
        col.accessor('type', {
          id: 'type',
          header: t('contracts.columns.type'),
          cell: (info) => t(`contractTypes.${info.getValue()}`),
        }),
        col.accessor('upline', {
          id: 'upline',
          header: t('contracts.columns.upline'),
          cell: (info) => info.getValue() ?? t('contracts.house'),
        }),
        col.accessor('downline', {
          id: 'downline',
          header: t('contracts.columns.downline'),
          cell: (info) => info.getValue(),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('contracts.columns.status'),
          cell: (info) => (
            <span className={`status-pill agents-status--${info.getValue()}`}>
              {t(`contractStatuses.${info.getValue()}`)}
            </span>
          ),
        }),
        col.display({
          id: 'rate',
          header: t('contracts.columns.topRate'),
          meta: { numeric: true },
          cell: (info) => rate(topRate(info.row.original)),
        }),
        col.accessor('offeredAt', {
          id: 'offeredAt',
          header: t('contracts.columns.offeredAt'),
          enableSorting: true,
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
        col.display({
          id: 'actions',
          header: t('contracts.columns.actions'),
          cell: (info) => (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setOpen(info.row.original)}
              aria-label={t('contracts.detailFor', { id: info.row.original.id })}
            >
              {t('contracts.detail')}
            </Button>
          ),
        }),
      ]),
    [t, dates, rate],
  );

  const applyParties = (event: FormEvent) => {
    event.preventDefault();
    params.setFilters({
      upline: parties.upline.trim().toLowerCase() || null,
      downline: parties.downline.trim().toLowerCase() || null,
    });
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
        options={filterOptions(CONTRACT_STATUS_FILTERS, (v) => t(`contractStatuses.${v}`), t('contracts.filters.all'))}
        onChange={(v) => params.setFilters({ status: v === ALL ? null : v })}
      />
      <form className="agents-filters__parties" onSubmit={applyParties} aria-label={t('contracts.filters.parties')}>
        <div className="field">
          <label className="field__label" htmlFor="contracts-upline">
            {t('contracts.filters.upline')}
          </label>
          <input
            id="contracts-upline"
            className="field__input"
            value={parties.upline}
            onChange={(e) => setParties({ ...parties, upline: e.target.value })}
            aria-describedby="contracts-upline-hint"
          />
          <p id="contracts-upline-hint" className="field__hint">
            {t('contracts.filters.uplineHint')}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="contracts-downline">
            {t('contracts.filters.downline')}
          </label>
          <input
            id="contracts-downline"
            className="field__input"
            value={parties.downline}
            onChange={(e) => setParties({ ...parties, downline: e.target.value })}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('contracts.filters.apply')}
        </Button>
      </form>
    </div>
  );

  return (
    <section className="page agents-page" aria-labelledby="contracts-title">
      <div className="page-header">
        <h1 id="contracts-title">{t('contracts.title')}</h1>
      </div>
      <p>{t('contracts.intro')}</p>
      <HouseContractChanges />
      <DataTable
        caption={t('contracts.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('contracts.empty')}
      />
      {open && <ContractDetailDialog contractId={open.id} onClose={() => setOpen(null)} />}
    </section>
  );
}
