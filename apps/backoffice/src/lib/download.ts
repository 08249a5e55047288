import { opsRequestBlob } from './api-client';

/**
 * Download a file from an /ops route (a CSV export; `accept` names another kind, e.g. the regulator
 * export's JSON Lines) with the operator token in the
 * Authorization header (never in the URL, where it would reach logs and history) and save it
 * under `filename`. A failure arrives as the JSON envelope and becomes an ApiError.
 */
export async function downloadOpsFile(path: string, filename: string, accept = 'text/csv'): Promise<void> {
  saveBlob(await opsRequestBlob(path, accept), filename);
}

/** Hand a file made in the page (or fetched) to the browser's download, under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
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
