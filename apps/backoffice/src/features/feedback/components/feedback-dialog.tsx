import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { feedbackReplyBodySchema, type OpsFeedback } from '@wps/shared/schemas/feedback';
import { ReasonField } from '../../../components/reason-field';
import { errorText } from '../../../lib/error-text';
import { useFeedbackImage } from '../api/feedback-image';
import { useReplyFeedback } from '../api/reply-feedback';

/** One image of the feedback, fetched with the operator's token. */
function FeedbackImage({ feedback, position }: { feedback: OpsFeedback; position: number }) {
  const { t } = useTranslation('feedback');
  const { t: tc } = useTranslation();
  const image = useFeedbackImage(feedback.id, position);
  if (image.isPending) return <LoadingState label={t('dialog.loadingImage', { number: position + 1 })} />;
  if (image.isError) return <ErrorState message={errorText(tc, image.error)} />;
  return (
    <img
      src={image.data}
      className="feedback-image"
      alt={t('dialog.image', { number: position + 1, id: feedback.id })}
    />
  );
}

/**
 * A player's feedback as they wrote it, with its images, and (for an operator who may write to
 * players, while it is open) the one answer the player will read.
 */
export function FeedbackDialog({
  feedback,
  canReply,
  onClose,
}: {
  feedback: OpsFeedback;
  canReply: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('feedback');
  const reply = useReplyFeedback(() => t('dialog.sent', { id: feedback.id }));
  const form = useForm<{ reply: string }>({
    resolver: zodResolver(feedbackReplyBodySchema),
    defaultValues: { reply: '' },
  });
  const isOpen = feedback.status === 'open';
  const submit = form.handleSubmit(async ({ reply: text }) => {
    try {
      await reply.mutateAsync({ id: feedback.id, reply: text });
      onClose();
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  const error = form.formState.errors.reply;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('dialog.title', { id: feedback.id, account: feedback.account })}
      size="lg"
      closable={!reply.isPending}
    >
      <dl className="feedback-facts">
        <div>
          <dt>{t('columns.type')}</dt>
          <dd>{t(`types.${feedback.questionType}`)}</dd>
        </div>
        <div>
          <dt>{t('columns.content')}</dt>
          <dd className="feedback-text">{feedback.content}</dd>
        </div>
      </dl>
      {feedback.imageCount > 0 && (
        <div className="feedback-images">
          {Array.from({ length: feedback.imageCount }, (_, position) => (
            <FeedbackImage key={position} feedback={feedback} position={position} />
          ))}
        </div>
      )}
      {!isOpen ? (
        <div className="feedback-answer">
          <p className="feedback-answer__label">{t('dialog.answer')}</p>
          <p className="feedback-text">{feedback.reply}</p>
        </div>
      ) : canReply ? (
        <form onSubmit={submit} noValidate className="feedback-form">
          <ReasonField
            label={t('dialog.replyLabel')}
            hint={t('dialog.replyHint')}
            error={error ? t('dialog.replyError') : undefined}
            registration={form.register('reply')}
            rows={5}
            maxLength={2000}
          />
          <FormError message={reply.errorMessage} />
          <div className="actions">
            <Button variant="ghost" onClick={onClose} disabled={reply.isPending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={reply.isPending}>
              {t('dialog.send')}
            </Button>
          </div>
        </form>
      ) : (
        <p>{t('dialog.readOnly')}</p>
      )}
    </Modal>
  );
}
