import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { ContentImage } from '@wps/shared/schemas/content';
import { ImageUploadField } from '../../../components/image-upload-field';
import { localeTag } from '../../../lib/i18n';
import { useUploadContentImage } from '../api/upload-content-image';

/** The uploaded picture the form shows: where it is served and its size. */
export type ShownImage = Pick<ContentImage, 'name' | 'url' | 'width' | 'height' | 'sizeBytes'>;

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
 * (checked there by its bytes), then shown at its size with its dimensions and weight.
 */
export function ImageField({ image, onChange, error, disabled }: ImageFieldProps) {
  const { t, i18n } = useTranslation('content');
  const upload = useUploadContentImage();
  const size = new Intl.NumberFormat(localeTag(i18n.language), {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 1,
  });

  const send = async (dataUrl: string) => {
    upload.reset();
    try {
      onChange(await upload.mutateAsync(dataUrl));
    } catch {
      // The mutation holds the translated error, shown under the field.
    }
  };

  return (
    <ImageUploadField
      label={t('form.image')}
      hint={upload.isPending ? t('form.imageUploading') : t('form.imageHint')}
      error={upload.errorMessage ?? error}
      disabled={disabled || upload.isPending}
      onImage={send}
    >
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
    </ImageUploadField>
  );
}
