import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegulatorExportState } from '@wps/shared/schemas/regulator-export';
import { opsRequest } from '../../../lib/api-client';
import { regulatorExportsKey } from './regulator-exports';

/** GET /ops/compliance/exports/state (compliance.exports): the last due day, whether it is exported, the schedule's failure if any. */
export function fetchRegulatorExportState(): Promise<RegulatorExportState> {
  return opsRequest<RegulatorExportState>('/ops/compliance/exports/state');
}

export function regulatorExportStateQuery() {
  return queryOptions({ queryKey: [...regulatorExportsKey, 'state'], queryFn: fetchRegulatorExportState });
}

export function useRegulatorExportState() {
  return useQuery(regulatorExportStateQuery());
}
