import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { OpsPlatformMessage } from '@wps/shared/schemas/platform-messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, dataColumns } from '../../../components/data-table';
import { localeTag } from '../../../lib/i18n';
import type { ListParams } from '../../../lib/list-params';
import { useMessageList } from '../api/message-list';
import { useWithdrawMessage } from '../api/withdraw-message';
import { MessagePreview, type PreviewWords } from './message-preview';

const col = dataColumns<OpsPlatformMessage>();

type MessageListProps = { params: ListParams; canWrite: boolean; timeZone: string };

/** The sent, scheduled and withdrawn messages: title, audience, send time (operator's zone), status and read count. */
export function MessageList({ params, canWrite, timeZone }: MessageListProps) {
  const { t, i18n } = useTranslation('messages');
  const list = useMessageList(params.toQuery());
  const [previewing, setPreviewing] = useState<PreviewWords | null>(null);
  const [withdrawing, setWithdrawing] = useState<OpsPlatformMessage | null>(null);

  const columns = useMemo(() => {
    const time = new Intl.DateTimeFormat(localeTag(i18n.language), {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone,
    });
    const at = (iso: string) => <time dateTime={iso}>{time.format(new Date(iso))}</time>;
    const audienceOf = (audience: OpsPlatformMessage['audience']) => {
      if (audience.type === 'all') return t('audience.all');
      if (audience.type === 'players')
        return audience.accounts ? audience.accounts.join(', ') : t('audience.playersCount', { count: audience.count });
      const rules = [
        audience.registeredFrom && t('segment.fromRule', { from: time.format(new Date(audience.registeredFrom)) }),
        audience.registeredUntil && t('segment.untilRule', { until: time.format(new Date(audience.registeredUntil)) }),
        audience.hasDeposited !== null &&
          t(audience.hasDeposited ? 'segment.depositedRule' : 'segment.notDepositedRule'),
      ].filter(Boolean);
      return `${t('audience.segment')}: ${rules.join('; ')}`;
    };
    return col.columns([
      col.display({
        id: 'title',
        header: t('columns.title'),
        meta: { rowHeader: true },
        cell: (info) => <span className="messages-title-cell">{info.row.original.translations.PT?.title}</span>,
      }),
      col.display({
        id: 'audience',
        header: t('columns.audience'),
        cell: (info) => <span className="messages-audience-cell">{audienceOf(info.row.original.audience)}</span>,
      }),
      col.accessor('sendAt', { id: 'sendAt', header: t('columns.sendAt'), cell: (info) => at(info.getValue()) }),
      col.accessor('status', {
        id: 'status',
        header: t('columns.status'),
        cell: (info) => (
          <span className={`status-pill messages-status--${info.getValue()}`} data-status={info.getValue()}>
            {t(`statuses.${info.getValue()}`)}
          </span>
        ),
      }),
      col.accessor('readCount', {
        id: 'readCount',
        header: t('columns.reads'),
        meta: { numeric: true },
        cell: (info) => info.getValue(),
      }),
      col.display({
        id: 'actions',
        header: t('columns.actions'),
        cell: (info) => {
          const message = info.row.original;
          const title = message.translations.PT?.title ?? message.id;
          return (
            <span className="messages-actions" role="group" aria-label={t('actionsFor', { title })}>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('previewFor', { title })}
                onClick={() => setPreviewing(message.translations as PreviewWords)}
              >
                {t('preview')}
              </Button>
              {canWrite && message.status !== 'withdrawn' && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('withdrawFor', { title })}
                  onClick={() => setWithdrawing(message)}
                >
                  {t('withdraw')}
                </Button>
              )}
            </span>
          );
        },
      }),
    ]);
  }, [t, i18n.language, timeZone, canWrite]);

  return (
    <>
      <p className="messages-muted">{t('zone', { zone: timeZone })}</p>
      <DataTable
        caption={t('caption')}
        captionHidden
        columns={columns}
        query={list}
        params={params}
        getRowId={(row) => row.id}
        emptyTitle={t('empty')}
        emptyBody={canWrite ? t('emptyWrite') : undefined}
      />
      {previewing && <MessagePreview words={previewing} onClose={() => setPreviewing(null)} />}
      {withdrawing && (
        <WithdrawDialog key={withdrawing.id} message={withdrawing} onClose={() => setWithdrawing(null)} />
      )}
    </>
  );
}

/** Withdraw one message with the reason kept in the audit log. */
function WithdrawDialog({ message, onClose }: { message: OpsPlatformMessage; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const title = message.translations.PT?.title ?? message.id;
  const mutation = useWithdrawMessage(() => t('withdrawDialog.done', { title }));
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t('withdrawDialog.title', { title })}
      description={t(message.status === 'scheduled' ? 'withdrawDialog.scheduled' : 'withdrawDialog.sent')}
      changes={[
        { label: t('columns.status'), before: t(`statuses.${message.status}`), after: t('statuses.withdrawn') },
      ]}
      confirmLabel={t('withdraw')}
      danger
      onConfirm={(reason) => mutation.mutateAsync({ id: message.id, reason })}
      isPending={mutation.isPending}
      errorMessage={mutation.errorMessage}
    />
  );
}
