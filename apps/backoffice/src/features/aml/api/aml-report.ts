import type { AmlCoafReport } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** GET /ops/aml/cases/:id/report (aml.review): the COAF report as filed, or the draft it would be now. */
export function fetchAmlReport(id: string): Promise<AmlCoafReport> {
  return opsRequest<AmlCoafReport>(`/ops/aml/cases/${encodeURIComponent(id)}/report`);
}

/** Save the case's report as a JSON file (`coaf-AML-<id>.json`), the export a compliance officer files or keeps. */
export async function downloadAmlReport(id: string): Promise<void> {
  const report = await fetchAmlReport(id);
  const blob = new Blob([`${JSON.stringify(report, null, 2)}\n`], { type: 'application/json' });
  saveBlob(blob, `coaf-${report.reference}.json`);
}
