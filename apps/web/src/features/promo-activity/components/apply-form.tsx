import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
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
import { findImageProblem } from '../../../lib/image-files';
import { useApplyPromotion } from '../api/apply-promotion';

/** Object URLs for the previews, revoked when the images change or the form closes. */
function usePreviews(files: readonly File[]) {
  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  return previews;
}

/** The application: a comment of at most 140 characters (counted) and up to three png or jpg images of 5 MB. */
export function ApplyForm({ promotionId, onDone }: { promotionId: string; onDone: () => void }) {
  const { t } = useTranslation(['promo', 'errors']);
  const apply = useApplyPromotion();
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const previews = usePreviews(images);
  const ids = { comment: useId(), counter: useId(), images: useId(), imageError: useId() };
  const { register, handleSubmit, control, formState } = useForm<PromoApplyFields>({
    resolver: zodResolver(promoApplyFieldsSchema),
    defaultValues: { promotionId, comment: '' },
  });
  const length = useWatch({ control, name: 'comment' }).length;

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const problem = findImageProblem(images, picked);
    setImageError(problem ? t(`errors:${problem}`) : null);
    if (!problem) setImages([...images, ...picked]);
  }

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
      <div className="field">
        <label className="field__label" htmlFor={ids.images}>
          {t('images', { max: PROMO_MAX_IMAGES })}
        </label>
        <input
          id={ids.images}
          className="apply-form__file"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          disabled={images.length >= PROMO_MAX_IMAGES}
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? ids.imageError : undefined}
          onChange={onPick}
        />
        <p className="field__hint">{t('imageRules')}</p>
        {imageError && (
          <p id={ids.imageError} className="field__error" role="alert">
            {imageError}
          </p>
        )}
        {previews.length > 0 && (
          <ul className="apply-form__previews">
            {previews.map(({ file, url }, index) => (
              <li key={url}>
                <img src={url} alt={file.name} width={64} height={64} />
                <button
                  type="button"
                  className="apply-form__remove"
                  onClick={() => setImages(images.filter((_, i) => i !== index))}
                >
                  {t('removeImage', { name: file.name })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
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
