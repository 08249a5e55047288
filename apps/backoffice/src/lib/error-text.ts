import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** The translated text for a failed call: by error code, with the retry delay when there is one. */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors:UNKNOWN');
  const retry = (error.value as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (error.errorCode === 'TOO_MANY_REQUESTS' && typeof retry === 'number')
    return t('errors:TOO_MANY_REQUESTS_RETRY', { seconds: retry });
  return t(`errors:${error.errorCode}`, {
    defaultValue: t('errors:UNKNOWN'),
    ...(typeof retry === 'number' ? { seconds: retry } : {}),
  });
}
