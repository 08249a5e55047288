import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import type { OpsDepositChannel } from '@wps/shared/schemas/deposit';
import { errorText } from '../../../lib/error-text';
import { useCan } from '../../../lib/permissions';
import { useDepositChannels } from '../api/deposit-channels';
import { BanksSection } from './banks-section';
import { ChannelFormDialog } from './channel-form-dialog';
import { ChannelToggleDialog } from './channel-toggle-dialog';
import { DepositChannelsTable } from './deposit-channels-table';
import { WithdrawalRules } from './withdrawal-rules';
import './payments.css';

/** What the operator opened: a channel's edit form (null channel: a new one) or its enable/disable. */
type Editing = { kind: 'form'; channel: OpsDepositChannel | null } | { kind: 'toggle'; channel: OpsDepositChannel };

/**
 * Payments setup (payments.read): the deposit channels players pay through, the banks they bind
 * withdrawal accounts at, and the withdrawal rules. Operators with payments.write create and edit
 * channels and banks, enable or disable them and change the rules, each with a reason kept in the
 * audit log; players see every change at once. Without payments.write (support) the page only
 * reads: no add, edit or enable/disable button is drawn.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const canWrite = useCan('payments.write');
  const channels = useDepositChannels();
  const [editing, setEditing] = useState<Editing | null>(null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <section className="page payments-page" aria-labelledby="payments-title">
      <div className="page-header">
        <h1 id="payments-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      {!canWrite && (
        <p className="payments-page__read-only" role="note">
          {t('readOnly')}
        </p>
      )}

      <section className="payments-section" aria-labelledby="payments-channels-title">
        <div className="payments-section__header">
          <h2 id="payments-channels-title">{t('channels.title')}</h2>
          {canWrite && <Button onClick={() => setEditing({ kind: 'form', channel: null })}>{t('channels.new')}</Button>}
        </div>
        {channels.isPending ? (
          <LoadingState label={t('loading')} />
        ) : channels.isError ? (
          <ErrorState
            message={errorText(tc, channels.error)}
            action={
              <Button variant="secondary" size="sm" onClick={() => void channels.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        ) : channels.data.length === 0 ? (
          <EmptyState title={t('channels.empty')} />
        ) : (
          <DepositChannelsTable
            channels={channels.data}
            canWrite={canWrite}
            onEdit={(channel) => setEditing({ kind: 'form', channel })}
            onToggle={(channel) => setEditing({ kind: 'toggle', channel })}
          />
        )}
      </section>

      <BanksSection canWrite={canWrite} />

      <section className="payments-section" aria-labelledby="payments-withdrawal-title">
        <div className="payments-section__header">
          <h2 id="payments-withdrawal-title">{t('withdrawal.title')}</h2>
        </div>
        <p>{t('withdrawal.intro')}</p>
        <WithdrawalRules canWrite={canWrite} headingId="payments-withdrawal-title" />
      </section>

      {editing?.kind === 'form' && (
        <ChannelFormDialog
          key={editing.channel?.id ?? 'new'}
          channel={editing.channel}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'toggle' && (
        <ChannelToggleDialog
          key={`${editing.channel.id}:${String(editing.channel.enabled)}`}
          channel={editing.channel}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
