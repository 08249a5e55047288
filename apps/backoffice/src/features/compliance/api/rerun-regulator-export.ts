import type { RegulatorExportRerun } from '@wps/shared/schemas/regulator-export';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { regulatorExportsKey } from './regulator-exports';

export type RerunResult = {
  id: string;
  operatorDay: string;
  version: number;
  checksum: string;
  counts: Record<string, number>;
};

/** POST /ops/compliance/exports/rerun (compliance.exports): a new version of an ended day's export, audited with the reason. */
export function rerunRegulatorExport(input: RegulatorExportRerun): Promise<RerunResult> {
  return opsRequest<RerunResult>('/ops/compliance/exports/rerun', { method: 'POST', body: input });
}

export function useRerunRegulatorExport(successText: (run: RerunResult) => string) {
  return useOpsMutation({ mutationFn: rerunRegulatorExport, invalidates: [regulatorExportsKey], successText });
}
