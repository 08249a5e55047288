import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@wps/ui/button';
import type { BonusGrantRequest } from '@wps/shared/schemas/bonus';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../../lib/api/get-me';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useDecideBonusRequest, useWaitingBonusRequests } from '../api/bonus-requests';

type Deciding = { request: BonusGrantRequest; decision: 'approve' | 'reject' };

/**
 * Bonuses an operator gave that passed a threshold of the operator money policy: nothing is paid
 * until an operator other than the asker, holding adjustments.approve, approves one (paid now) or
 * rejects it. Shown above the bonus list only while some wait; the asker reads that another
 * operator decides, and a role without the permission sees the list without buttons.
 */
export function BonusRequestsPanel() {
  const { t } = useTranslation('bonuses');
  const requests = useWaitingBonusRequests();
  const canDecide = useCan('adjustments.approve');
  const me = useMe();
  const formatMoney = useFormatMoney();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decide = useDecideBonusRequest((done) =>
    t(done.status === 'granted' ? 'requests.approved' : 'requests.rejected', { id: done.id }),
  );
  if (!requests.data || requests.data.length === 0) return null;
  const myId = me.data === undefined ? null : String(me.data.operatorId);
  const close = () => {
    setDeciding(null);
    decide.reset();
  };

  return (
    <section className="bonus-requests" aria-labelledby="bonus-requests-title">
      <h2 id="bonus-requests-title">{t('requests.title')}</h2>
      <p>{t('requests.intro')}</p>
      {requests.data.map((r) => {
        const player = r.username ?? r.memberId;
        const titleId = `bonus-request-${r.id}`;
        return (
          <article key={r.id} className="bonus-request" aria-labelledby={titleId}>
            <h3 id={titleId}>
              {t('requests.item', {
                amount: formatMoney(r.amountMinor, { currency: r.currency, scale: SITE_MONEY.scale }),
              })}{' '}
              <Link to={`/players/${r.memberId}`}>{player}</Link>
            </h3>
            <p role="note">
              <strong>{t('requests.waiting')}</strong>{' '}
              {t('requests.askedBy', { name: r.requestedByName ?? `#${r.requestedBy}` })}{' '}
              {r.waitReasons.map((reason) => t(`requests.waitReasons.${reason}`)).join(' ')}
            </p>
            <p>{t('requests.reason', { reason: r.reason })}</p>
            {r.requestedBy === myId ? (
              <p className="bonus-request__muted">{t('requests.own')}</p>
            ) : canDecide ? (
              <span className="bonus-request__actions">
                <Button
                  size="sm"
                  variant="money"
                  aria-label={t('requests.approveFor', { player })}
                  onClick={() => setDeciding({ request: r, decision: 'approve' })}
                >
                  {t('requests.approve')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('requests.rejectFor', { player })}
                  onClick={() => setDeciding({ request: r, decision: 'reject' })}
                >
                  {t('requests.reject')}
                </Button>
              </span>
            ) : null}
          </article>
        );
      })}
      {deciding && (
        <ConfirmDialog
          open
          onClose={close}
          title={t(deciding.decision === 'approve' ? 'requests.approveTitle' : 'requests.rejectTitle', {
            player: deciding.request.username ?? deciding.request.memberId,
          })}
          description={t(deciding.decision === 'approve' ? 'requests.approveEffect' : 'requests.rejectEffect')}
          confirmLabel={t(deciding.decision === 'approve' ? 'requests.approve' : 'requests.reject')}
          danger={deciding.decision === 'approve'}
          onConfirm={(reason) =>
            decide.mutateAsync({ id: deciding.request.id, decision: deciding.decision, reason }).then(close)
          }
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </section>
  );
}
