import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { applicationDecisionBodySchema, type OpsApplication } from '@wps/shared/schemas/promo';
import { ReasonField } from '../../../components/reason-field';
import { useMe } from '../../../lib/api/get-me';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useApplicationImage } from '../api/application-image';
import { useDecideApplication, type DecideApplicationInput } from '../api/decide-application';
import { formatPeriodKey } from '../../../lib/format-date';

/** One image of the application, fetched with the operator's token. */
function ApplicationImage({ application, position }: { application: OpsApplication; position: number }) {
  const { t } = useTranslation('promo');
  const { t: tc } = useTranslation();
  const image = useApplicationImage(application.id, position);
  if (image.isPending) return <LoadingState label={t('review.loadingImage', { number: position + 1 })} />;
  if (image.isError) return <ErrorState message={errorText(tc, image.error)} />;
  return (
    <img
      src={image.data}
      className="promo-image"
      alt={t('review.image', { number: position + 1, id: application.id })}
    />
  );
}

/**
 * An application as the player sent it (comment and images) and, while it is applying, the
 * decision: approve (issues the promotion's reward for the player to claim) or reject (the reason
 * is shown to the player). Both ask for a reason, which goes to the audit log. An approval of
 * money above the operator money policy's thresholds waits for a second operator: the dialog says
 * who asked and why, and offers an operator holding adjustments.approve other than the asker to
 * complete it; the asker only reads that another operator decides.
 */
export function ApplicationDialog({
  application,
  promotionTitle,
  onClose,
}: {
  application: OpsApplication;
  promotionTitle: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('promo');
  const [decision, setDecision] = useState<DecideApplicationInput['decision']>('approve');
  const canApprove = useCan('adjustments.approve');
  const me = useMe();
  const formatMoney = useFormatMoney();
  const decide = useDecideApplication((input, done) =>
    t(
      input.decision === 'reject'
        ? 'review.rejected'
        : done.status === 'applying'
          ? 'review.approvalWaits'
          : 'review.approved',
      { id: input.id },
    ),
  );
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(applicationDecisionBodySchema),
    defaultValues: { reason: '' },
  });
  const submit = (choice: DecideApplicationInput['decision']) =>
    form.handleSubmit(async ({ reason }) => {
      setDecision(choice);
      try {
        await decide.mutateAsync({ id: application.id, decision: choice, reason });
        onClose();
      } catch {
        // Shown under the form (errorMessage).
      }
    })();
  const isOpen = application.status === 'applying';
  const isWaiting = isOpen && application.approvalAskedBy !== null;
  const isOwn = me.data !== undefined && String(me.data.operatorId) === application.approvalAskedBy;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('review.dialogTitle', { id: application.id, account: application.account })}
      size="lg"
      closable={!decide.isPending}
    >
      <dl className="promo-facts">
        <div>
          <dt>{t('columns.promotion')}</dt>
          <dd>{promotionTitle}</dd>
        </div>
        <div>
          <dt>{t('columns.period')}</dt>
          <dd>{formatPeriodKey(application.periodKey)}</dd>
        </div>
        <div>
          <dt>{t('columns.comment')}</dt>
          <dd className="promo-text">{application.comment}</dd>
        </div>
        {!isOpen && (
          <div>
            <dt>{t('columns.reason')}</dt>
            <dd className="promo-text">{application.reason}</dd>
          </div>
        )}
      </dl>
      {application.imageCount > 0 && (
        <div className="promo-images">
          {Array.from({ length: application.imageCount }, (_, position) => (
            <ApplicationImage key={position} application={application} position={position} />
          ))}
        </div>
      )}
      {isWaiting && (
        <p className="promo-waiting" role="note">
          <strong>{t('review.waiting')}</strong> {t('review.askedBy', { id: application.approvalAskedBy })}{' '}
          {application.approvalWaitReasons.map((r) => t(`review.waitReasons.${r}`)).join(' ')}{' '}
          {application.approvalRewardAmount !== null &&
            t('review.waitingReward', { amount: formatMoney(application.approvalRewardAmount) })}
        </p>
      )}
      {isOpen ? (
        <form onSubmit={(event) => event.preventDefault()} noValidate className="promo-form">
          <ReasonField
            label={t('review.reasonLabel')}
            hint={t('review.reasonHint')}
            error={form.formState.errors.reason ? t('review.reasonError') : undefined}
            registration={form.register('reason')}
            rows={3}
            maxLength={500}
            required
          />
          <FormError message={decide.errorMessage} />
          <div className="actions">
            <Button variant="ghost" onClick={onClose} disabled={decide.isPending}>
              {t('common:cancel')}
            </Button>
            <Button
              variant="danger"
              loading={decide.isPending && decision === 'reject'}
              disabled={decide.isPending}
              onClick={() => void submit('reject')}
            >
              {t('review.reject')}
            </Button>
            {!isWaiting ? (
              <Button
                loading={decide.isPending && decision === 'approve'}
                disabled={decide.isPending}
                onClick={() => void submit('approve')}
              >
                {t('review.approve')}
              </Button>
            ) : isOwn ? (
              <span className="promo-muted">{t('review.ownRequest')}</span>
            ) : canApprove ? (
              <Button
                variant="money"
                loading={decide.isPending && decision === 'approve-payment'}
                disabled={decide.isPending}
                onClick={() => void submit('approve-payment')}
              >
                {t('review.approveSecond')}
              </Button>
            ) : (
              <span className="promo-muted">{t('review.approverNeeded')}</span>
            )}
          </div>
        </form>
      ) : (
        <p>{t(`statuses.${application.status}`)}</p>
      )}
    </Modal>
  );
}
