import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AML_CASE_STATUSES, AML_CASE_TRIGGERS, AML_RATINGS, type AmlCase } from '@wps/shared/schemas/aml';
import { ALL, SelectFilter, filterOptions } from '../../../components/select-filter';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useAmlCases } from '../api/aml-cases';
import { CaseStatus, RatingBadge } from './aml-badges';
import { OpenCaseForm } from './open-case-form';
import './aml.css';

const col = dataColumns<AmlCase>();
const FILTER_KEYS = ['status', 'trigger', 'rating'];

/**
 * Anti-money laundering (aml.review): the case queue, newest first, filtered by state, what
 * opened the case and the player's rating now, in the URL. Each case opens on its own page
 * (rating and reasons, notes, review, filing with a second operator, the COAF report). Cases
 * open by themselves (a PEP, a high rating, money in and out) or by an operator below.
 */
export function AmlCasesPage() {
  const { t, i18n } = useTranslation('aml');
  const params = useListParams({ filterKeys: FILTER_KEYS });
  const status = params.filters.status ?? ALL;
  const trigger = params.filters.trigger ?? ALL;
  const rating = params.filters.rating ?? ALL;
  const query = useMemo(() => {
    const q = params.toQuery();
    // "All" is no filter: the server lists every value.
    if (status === ALL) q.delete('status');
    if (trigger === ALL) q.delete('trigger');
    if (rating === ALL) q.delete('rating');
    return q;
  }, [params, status, trigger, rating]);
  const list = useAmlCases(query);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', {
          id: 'id',
          header: t('columns.id'),
          meta: { rowHeader: true },
          cell: (info) => (
            <Link to={`/compliance/aml/${info.getValue()}`}>{t('caseNumber', { id: info.getValue() })}</Link>
          ),
        }),
        col.accessor('account', {
          id: 'account',
          header: t('columns.player'),
          cell: (info) => <Link to={`/players/${info.row.original.memberId}`}>{info.getValue()}</Link>,
        }),
        col.accessor('trigger', {
          id: 'trigger',
          header: t('columns.trigger'),
          cell: (info) => t(`triggers.${info.getValue()}`),
        }),
        col.accessor('rating', {
          id: 'rating',
          header: t('columns.rating'),
          cell: (info) => <RatingBadge rating={info.getValue()} />,
        }),
        col.accessor('status', {
          id: 'status',
          header: t('columns.status'),
          cell: (info) => <CaseStatus status={info.getValue()} />,
        }),
        col.accessor('assignee', {
          id: 'assignee',
          header: t('columns.assignee'),
          cell: (info) => info.getValue() ?? t('case.nobody'),
        }),
        col.accessor('openedAt', {
          id: 'opened',
          header: t('columns.opened'),
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
      ]),
    [t, dates],
  );

  const toolbar = (
    <div className="aml-filters">
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={filterOptions(AML_CASE_STATUSES, (v) => t(`statuses.${v}`), t('all'))}
        onChange={(value) => params.setFilters({ status: value === ALL ? null : value })}
      />
      <SelectFilter
        label={t('filters.trigger')}
        value={trigger}
        options={filterOptions(AML_CASE_TRIGGERS, (v) => t(`triggers.${v}`), t('all'))}
        onChange={(value) => params.setFilters({ trigger: value === ALL ? null : value })}
      />
      <SelectFilter
        label={t('filters.rating')}
        value={rating}
        options={filterOptions(AML_RATINGS, (v) => t(`ratings.${v}`), t('all'))}
        onChange={(value) => params.setFilters({ rating: value === ALL ? null : value })}
      />
    </div>
  );

  return (
    <section className="page" aria-labelledby="aml-title">
      <div className="page-header">
        <h1 id="aml-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      <DataTable
        caption={t('caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('empty')}
      />
      <OpenCaseForm />
    </section>
  );
}
