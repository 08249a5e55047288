import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_IMAGE_MAX_BYTES } from '@wps/shared/schemas/content';
import { ImageFileField } from '@wps/ui/image-file-field';
import { readAsDataUrl } from '../lib/image-data-url';

/** The picture types the server takes for content and mall items (checked again there by their bytes). */
const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

type ImageUploadFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** The form's or the upload's message; a refused file's own message goes first. */
  error?: string | null | undefined;
  disabled?: boolean;
  /** The picture, read as a data: URL (the Content-Security-Policy allows no blob: image). */
  onImage: (dataUrl: string) => void | Promise<void>;
  /** The picture as it is now, under the field. */
  children?: ReactNode;
};

/**
 * One picture for what the operator edits (a banner, a mall item): png, jpg or webp of at most
 * 2 MB, checked here first so a wrong file costs no upload, with the server's own words.
 */
export function ImageUploadField({ label, hint, error, disabled, onImage, children }: ImageUploadFieldProps) {
  const { t } = useTranslation('errors');
  const [refusal, setRefusal] = useState<string | null>(null);

  async function pick([file]: File[]) {
    setRefusal(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setRefusal(t('IMAGE_TYPE_INVALID'));
    if (file.size > CONTENT_IMAGE_MAX_BYTES) return setRefusal(t('IMAGE_TOO_LARGE'));
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      return setRefusal(t('IMAGE_TYPE_INVALID'));
    }
    await onImage(dataUrl);
  }

  return (
    <ImageFileField
      label={label}
      hint={hint}
      error={refusal ?? error}
      accept={IMAGE_TYPES}
      disabled={disabled}
      onPick={(files) => void pick(files)}
    >
      {children}
    </ImageFileField>
  );
}
