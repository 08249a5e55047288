import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { errorMessageOptions } from './error-values';
import { i18n } from './i18n';

/**
 * The translated text for a failed call: by error code, with the values it carries written for the
 * reader (lib/error-values.ts); a refusal for too many requests names its retry delay when it has one.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors:UNKNOWN');
  const options = errorMessageOptions(t, error.errorCode, error.value, i18n.language);
  if (error.errorCode === 'TOO_MANY_REQUESTS' && options.value && !options.context)
    return t('errors:TOO_MANY_REQUESTS_RETRY', options);
  return t(`errors:${error.errorCode}`, { defaultValue: t('errors:UNKNOWN'), ...options });
}
