import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import type { OpsLotteryVoidRequest } from '@wps/shared/schemas/lottery-ops';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../../lib/api/get-me';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useReviewVoid } from '../api/review-void';
import { ResultView } from './result-view';

/**
 * A void asked for after the draw's result was known, waiting for its second operator: who asked,
 * when and why, the result known then, and (lottery.results) approve or reject. The operator who
 * asked is told so, and the server's refusal (LOTTERY_VOID_SAME_OPERATOR) is shown if they try.
 */
export function VoidReview({ request, title }: { request: OpsLotteryVoidRequest; title: string }) {
  const { t, i18n } = useTranslation('lottery');
  const me = useMe();
  const canReview = useCan('lottery.results');
  const [rejecting, setRejecting] = useState(false);
  const review = useReviewVoid((_, input) => (input.approve ? t('voids.approved') : t('voids.rejected')));
  const isMine = me.data?.operatorId === request.requestedBy;
  const when = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(request.requestedAt),
  );

  return (
    <section className="lottery-entry" aria-label={title}>
      <h3>{title}</h3>
      <p className="lottery-entry__who">
        {t('voids.requestedBy', { name: request.requestedByName ?? `#${request.requestedBy}`, when })}
      </p>
      <p>{t('voids.reason', { reason: request.reason })}</p>
      <p className="lottery-note" role="note">
        {isMine ? t('voids.yours') : t('voids.waiting')}
      </p>
      <ResultView result={request.knownResult} label={t('voids.knownResult')} />
      {canReview && (
        <>
          <FormError message={rejecting ? null : review.errorMessage} />
          <div className="actions">
            <Button variant="secondary" onClick={() => setRejecting(true)} disabled={review.isPending}>
              {t('voids.reject')}
            </Button>
            <Button
              variant="danger"
              loading={review.isPending && !rejecting}
              onClick={() =>
                void review.mutateAsync({ requestId: request.requestId, approve: true }).catch(() => undefined)
              }
            >
              {t('voids.approve')}
            </Button>
          </div>
        </>
      )}
      {rejecting && (
        <ConfirmDialog
          open
          onClose={() => setRejecting(false)}
          title={t('voids.rejectTitle')}
          description={t('voids.rejectDescription')}
          confirmLabel={t('voids.reject')}
          onConfirm={(reason) => review.mutateAsync({ requestId: request.requestId, approve: false, reason })}
          isPending={review.isPending}
          errorMessage={review.errorMessage}
        />
      )}
    </section>
  );
}
