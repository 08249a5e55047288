import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { APPLICATION_STATUSES, type OpsApplication } from '@wps/shared/schemas/promo';
import { ALL, SelectFilter } from '../../../components/select-filter';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useApplicationQueue } from '../api/application-queue';
import { usePromotionOptions } from '../../../lib/api/promotion-options';
import { ApplicationDialog } from './application-dialog';
import { promotionTitleOf } from '../../../lib/promotion-title';
import './promo.css';

const col = dataColumns<OpsApplication>();
const FILTER_KEYS = ['status', 'promotionId', 'account'];

/**
 * Promotion applications (promotions.write): those applying first by default, oldest first,
 * filtered by promotion and player; each opened with its comment and images and decided with a
 * reason (audited; a rejection's reason is what the player reads).
 */
export function ApplicationsPage() {
  const { t, i18n } = useTranslation('promo');
  const params = useListParams({ filterKeys: FILTER_KEYS, defaultOrder: 'asc' });
  const status = params.filters.status ?? 'applying';
  const query = useMemo(() => {
    const q = params.toQuery();
    if (status === ALL) q.delete('status');
    else q.set('status', status);
    return q;
  }, [params, status]);
  const list = useApplicationQueue(query);
  const promotions = usePromotionOptions();
  const [open, setOpen] = useState<OpsApplication | null>(null);
  const [account, setAccount] = useState(params.filters.account ?? '');
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const titleOf = useCallback(
    (id: string) => promotionTitleOf(promotions.data, id, i18n.language),
    [promotions.data, i18n.language],
  );

  useEffect(() => {
    document.title = t('review.documentTitle');
  }, [t]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('id', {
          id: 'id',
          header: t('columns.id'),
          meta: { rowHeader: true },
          cell: (info) => info.getValue(),
        }),
        col.accessor('account', {
          id: 'account',
          header: t('columns.player'),
          cell: (info) => <Link to={`/players/${info.row.original.memberId}`}>{info.getValue()}</Link>,
        }),
        col.accessor('promotionId', {
          id: 'promotion',
          header: t('columns.promotion'),
          cell: (info) => titleOf(info.getValue()),
        }),
        col.accessor('comment', {
          id: 'comment',
          header: t('columns.comment'),
          cell: (info) => <span className="promo-excerpt">{info.getValue()}</span>,
        }),
        col.accessor('imageCount', {
          id: 'images',
          header: t('columns.images'),
          meta: { numeric: true },
          cell: (info) => info.getValue(),
        }),
        col.accessor('status', {
          id: 'status',
          header: t('columns.status'),
          cell: (info) =>
            info.row.original.status === 'applying' && info.row.original.approvalAskedBy !== null ? (
              <span className="promo-status promo-status--waiting">{t('review.waiting')}</span>
            ) : (
              <span className={`promo-status promo-status--${info.getValue()}`}>
                {t(`statuses.${info.getValue()}`)}
              </span>
            ),
        }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: t('columns.created'),
          cell: (info) => <time dateTime={info.getValue()}>{dates.format(new Date(info.getValue()))}</time>,
        }),
        col.display({
          id: 'actions',
          header: t('columns.actions'),
          cell: (info) => {
            const item = info.row.original;
            const decidable = item.status === 'applying';
            return (
              <Button
                size="sm"
                variant={decidable ? 'primary' : 'secondary'}
                aria-label={t(decidable ? 'review.decideFor' : 'review.openFor', {
                  id: item.id,
                  account: item.account,
                })}
                onClick={() => setOpen(item)}
              >
                {t(decidable ? 'review.decide' : 'review.open')}
              </Button>
            );
          },
        }),
      ]),
    [t, dates, titleOf],
  );

  const toolbar = (
    <div className="filter-bar filter-bar--end">
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={[...APPLICATION_STATUSES, ALL].map((value) => ({ value, label: t(`statuses.${value}`) }))}
        onChange={(value) => params.setFilters({ status: value === 'applying' ? null : value })}
      />
      <div className="field">
        <label className="field__label" htmlFor="promo-app-promotion">
          {t('filters.promotion')}
        </label>
        <select
          id="promo-app-promotion"
          className="field__input"
          value={params.filters.promotionId ?? ''}
          onChange={(event) => params.setFilters({ promotionId: event.target.value || null })}
        >
          <option value="">{t('filters.allPromotions')}</option>
          {(promotions.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {titleOf(p.id)}
            </option>
          ))}
        </select>
      </div>
      <form
        className="field"
        onSubmit={(event) => {
          event.preventDefault();
          params.setFilters({ account: account.trim() || null });
        }}
      >
        <label className="field__label" htmlFor="promo-app-account">
          {t('filters.account')}
        </label>
        <input
          id="promo-app-account"
          className="field__input"
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          onBlur={() => params.setFilters({ account: account.trim() || null })}
        />
      </form>
    </div>
  );

  return (
    <section className="page" aria-labelledby="promo-apps-title">
      <div className="page-header">
        <h1 id="promo-apps-title">{t('review.title')}</h1>
      </div>
      <p>{t('review.intro')}</p>
      <DataTable
        caption={t('review.caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        toolbar={toolbar}
        emptyTitle={t('review.empty')}
      />
      {open && (
        <ApplicationDialog
          application={open}
          promotionTitle={titleOf(open.promotionId)}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
