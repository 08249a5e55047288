import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  PROMO_COMMENT_MAX,
  PROMO_MAX_IMAGES,
  promoApplyFieldsSchema,
  type PromoApplyFields,
} from '@wps/shared/schemas/promo';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { ImageAttachmentsField } from '../../../components/form/image-attachments-field';
import { useApplyPromotion } from '../api/apply-promotion';

/** The application: a comment of at most 140 characters (counted) and up to three png or jpg images of 5 MB. */
export function ApplyForm({ promotionId, onDone }: { promotionId: string; onDone: () => void }) {
  const { t } = useTranslation('promo');
  const apply = useApplyPromotion();
  const [images, setImages] = useState<File[]>([]);
  const ids = { comment: useId(), counter: useId() };
  const { register, handleSubmit, control, formState } = useForm<PromoApplyFields>({
    resolver: zodResolver(promoApplyFieldsSchema),
    defaultValues: { promotionId, comment: '' },
  });
  const length = useWatch({ control, name: 'comment' }).length;

  const onSubmit = handleSubmit(async (fields) => {
    try {
      await apply.mutateAsync({ ...fields, images });
    } catch (error) {
      toast.error(translateError(error));
      return;
    }
    // Awaited, not a mutate() callback: the refreshed activity ("applying") unmounts this form, and
    // TanStack Query drops a callback whose component is gone (see security-center mobile-bind-form.tsx).
    toast.success(t('appliedToast'));
    onDone();
  });
  const commentError = formState.errors.comment ? t('commentLength', { max: PROMO_COMMENT_MAX }) : null;
  return (
    <form className="apply-form" onSubmit={onSubmit} noValidate aria-label={t('applyTitle')}>
      <div className={`field${commentError ? ' has-error' : ''}`}>
        <label className="field__label" htmlFor={ids.comment}>
          {t('comment')}
        </label>
        <textarea
          id={ids.comment}
          className="apply-form__text"
          rows={3}
          maxLength={PROMO_COMMENT_MAX}
          placeholder={t('commentPlaceholder')}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={ids.counter}
          {...register('comment')}
        />
        <p id={ids.counter} className="apply-form__counter">
          {commentError && <span className="field__error">{commentError} </span>}
          {t('counter', { count: length, max: PROMO_COMMENT_MAX })}
        </p>
      </div>
      <ImageAttachmentsField
        label={t('images', { max: PROMO_MAX_IMAGES })}
        hint={t('imageRules')}
        files={images}
        onChange={setImages}
        max={PROMO_MAX_IMAGES}
        removeLabel={(name) => t('removeImage', { name })}
      />
      <div className="apply-form__buttons">
        <Button type="submit" size="sm" loading={apply.isPending}>
          {t('submitApplication')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
