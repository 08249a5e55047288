import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import { FEEDBACK_STATUSES, type OpsFeedback } from '@wps/shared/schemas/feedback';
import { ALL, SelectFilter } from '../../../components/select-filter';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useCan } from '../../../lib/permissions';
import { useFeedbackQueue } from '../api/feedback-queue';
import { FeedbackDialog } from './feedback-dialog';
import './feedback.css';

const col = dataColumns<OpsFeedback>();
const FILTER_KEYS = ['status'];

/**
 * Players' feedback (players.read): open ones first by default, oldest first, each opened with its
 * text and images; an operator who may write to players answers it once (messages.write).
 */
export function FeedbackPage() {
  const { t, i18n } = useTranslation('feedback');
  const canReply = useCan('messages.write');
  const params = useListParams({ filterKeys: FILTER_KEYS, defaultOrder: 'asc' });
  const status = params.filters.status ?? 'open';
  const query = useMemo(() => {
    const q = params.toQuery();
    if (status === ALL) q.delete('status');
    else q.set('status', status);
    return q;
  }, [params, status]);
  const list = useFeedbackQueue(query);
  const [open, setOpen] = useState<OpsFeedback | null>(null);
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
          cell: (info) => info.getValue(),
        }),
        col.accessor('account', {
          id: 'account',
          header: t('columns.player'),
          cell: (info) => <Link to={`/players/${info.row.original.memberId}`}>{info.getValue()}</Link>,
        }),
        col.accessor('questionType', {
          id: 'type',
          header: t('columns.type'),
          cell: (info) => t(`types.${info.getValue()}`),
        }),
        col.accessor('content', {
          id: 'content',
          header: t('columns.content'),
          cell: (info) => <span className="feedback-excerpt">{info.getValue()}</span>,
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
          cell: (info) => (
            <span className={`feedback-status feedback-status--${info.getValue()}`}>
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
            const answerable = canReply && item.status === 'open';
            return (
              <Button
                size="sm"
                variant={answerable ? 'primary' : 'secondary'}
                aria-label={t(answerable ? 'answerFor' : 'openFor', { id: item.id, account: item.account })}
                onClick={() => setOpen(item)}
              >
                {t(answerable ? 'answer' : 'open')}
              </Button>
            );
          },
        }),
      ]),
    [t, dates, canReply],
  );

  const toolbar = (
    <div className="filter-bar">
      <SelectFilter
        label={t('filters.status')}
        value={status}
        options={[...FEEDBACK_STATUSES, ALL].map((value) => ({ value, label: t(`statuses.${value}`) }))}
        onChange={(value) => params.setFilters({ status: value === 'open' ? null : value })}
      />
    </div>
  );

  return (
    <section className="page" aria-labelledby="feedback-title">
      <div className="page-header">
        <h1 id="feedback-title">{t('title')}</h1>
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
      {open && <FeedbackDialog feedback={open} canReply={canReply} onClose={() => setOpen(null)} />}
    </section>
  );
}
