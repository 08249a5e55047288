import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { CONTENT_IMAGE_MAX_BYTES, type ContentImage } from '@wps/shared/schemas/content';
import { localeTag } from '../../../lib/i18n';
import { useUploadContentImage } from '../api/upload-content-image';

/** The uploaded picture the form shows: where it is served and its size. */
export type ShownImage = Pick<ContentImage, 'name' | 'url' | 'width' | 'height' | 'sizeBytes'>;

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

type ImageFieldProps = {
  image: ShownImage | null;
  /** A new upload (or null: removed); the form stores its name. */
  onChange: (image: ShownImage | null) => void;
  /** The form's message for the field (a banner without a picture). */
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * A picture for the item: chosen from a file, sent as a data: URL to POST /ops/content/images
 * (checked there by its bytes), then shown at its size with its dimensions and weight. The
 * type and the 2 MB limit are checked first here so a wrong file costs no upload.
 */
export function ImageField({ image, onChange, error, disabled }: ImageFieldProps) {
  const { t, i18n } = useTranslation('content');
  const { t: te } = useTranslation('errors');
  const id = useId();
  const upload = useUploadContentImage();
  const [localError, setLocalError] = useState<string | null>(null);
  const size = new Intl.NumberFormat(localeTag(i18n.language), {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 1,
  });
  const message = localError ?? upload.errorMessage ?? error;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setLocalError(null);
    upload.reset();
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setLocalError(te('IMAGE_TYPE_INVALID'));
    if (file.size > CONTENT_IMAGE_MAX_BYTES) return setLocalError(te('IMAGE_TOO_LARGE'));
    try {
      const uploaded = await upload.mutateAsync(await readAsDataUrl(file));
      onChange(uploaded);
    } catch {
      // The mutation holds the translated error, shown under the field.
    }
  };

  return (
    <div className={`field content-image${message ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('form.image')}
      </label>
      <input
        id={id}
        type="file"
        className="field__input"
        accept={ACCEPTED.join(',')}
        disabled={disabled || upload.isPending}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        onChange={(event) => void choose(event)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {upload.isPending ? t('form.imageUploading') : t('form.imageHint')}
      </p>
      {message && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      )}
      {image && (
        <figure className="content-image__shown" data-testid="content-image">
          <img src={image.url} width={image.width} height={image.height} alt={t('form.imageAlt')} />
          <figcaption>
            {t('form.imageSize', {
              width: image.width,
              height: image.height,
              size: size.format(image.sizeBytes / 1024),
            })}
            <Button size="sm" variant="ghost" onClick={() => onChange(null)} disabled={disabled}>
              {t('form.imageRemove')}
            </Button>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
