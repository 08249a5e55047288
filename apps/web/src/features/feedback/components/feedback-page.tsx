import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_QUESTION_TYPES,
  feedbackFieldsSchema,
  type FeedbackFields,
} from '@wps/shared/schemas/feedback';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useSendFeedback } from '../api/send-feedback';
import { ImageAttachmentsField } from '../../../components/form/image-attachments-field';
import { MyFeedbackList } from './my-feedback-list';
import './feedback.css';

/**
 * Member-centre page "feedback": the question type, the text (10–1,000 characters, counted), up to
 * three png or jpg images with previews, then the player's own feedback and the operator's answers.
 */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const send = useSendFeedback();
  const [images, setImages] = useState<File[]>([]);
  const ids = { type: useId(), content: useId(), counter: useId() };
  const { register, handleSubmit, control, reset, formState } = useForm<FeedbackFields>({
    resolver: zodResolver(feedbackFieldsSchema),
    defaultValues: { questionType: FEEDBACK_QUESTION_TYPES[0], content: '' },
  });
  const length = useWatch({ control, name: 'content' }).length;

  const onSubmit = handleSubmit((fields) =>
    send.mutate(
      { ...fields, images },
      {
        onSuccess: () => {
          toast.success(t('sent'));
          reset();
          setImages([]);
        },
        onError: (error) => toast.error(translateError(error)),
      },
    ),
  );

  const contentError = formState.errors.content
    ? t('contentLength', { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX })
    : null;
  return (
    <div className="feedback-page">
      <h2 className="feedback-page__title">{t('title')}</h2>
      <form className="feedback-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={ids.type}>
            {t('questionType')}
          </label>
          <div className="field__box">
            <select id={ids.type} className="field__input" {...register('questionType')}>
              {FEEDBACK_QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={`field${contentError ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={ids.content}>
            {t('content')}
          </label>
          <textarea
            id={ids.content}
            className="feedback-form__text"
            rows={5}
            maxLength={FEEDBACK_CONTENT_MAX}
            placeholder={t('contentPlaceholder')}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={ids.counter}
            {...register('content')}
          />
          <p id={ids.counter} className="feedback-form__counter">
            {contentError && <span className="field__error">{contentError} </span>}
            {t('counter', { count: length, max: FEEDBACK_CONTENT_MAX })}
          </p>
        </div>
        <ImageAttachmentsField
          label={t('images', { max: FEEDBACK_MAX_IMAGES })}
          hint={t('imageRules')}
          files={images}
          onChange={setImages}
          max={FEEDBACK_MAX_IMAGES}
          removeLabel={(name) => t('removeImage', { name })}
        />
        <Button type="submit" loading={send.isPending}>
          {t('submit')}
        </Button>
      </form>
      <MyFeedbackList />
    </div>
  );
}
