import { downloadOpsFile } from '../../../lib/download';

/** GET /ops/compliance/exports/:id/files/:name (compliance.exports): one stored file, saved as it was written. */
export function downloadExportFile(exportId: string, name: string, filename: string): Promise<void> {
  return downloadOpsFile(
    `/ops/compliance/exports/${encodeURIComponent(exportId)}/files/${encodeURIComponent(name)}`,
    filename,
    'application/x-ndjson, application/json',
  );
}
