import { ApiError } from './api-client';
import { getOperatorToken } from './session';

/**
 * Download a file from an /ops route (a CSV export) with the operator token in the
 * Authorization header (never in the URL, where it would reach logs and history) and save it
 * under `filename`. A failure arrives as the JSON envelope and becomes an ApiError.
 */
export async function downloadOpsFile(path: string, filename: string): Promise<void> {
  const token = getOperatorToken();
  const headers = new Headers({ Accept: 'text/csv, application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The server could not be reached', 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errorCode?: ApiError['errorCode']; message?: string } | null;
    throw new ApiError(body?.errorCode ?? 'BAD_RESPONSE', body?.message ?? `Unexpected answer (${response.status})`, response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
