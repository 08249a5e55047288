import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AmlPepEntry } from '@wps/shared/schemas/aml';
import { opsRequest } from '../../../lib/api-client';

export const amlPepSandboxKey = ['ops', 'aml-pep-sandbox'] as const;

export type AmlPepList = { list: AmlPepEntry[]; sandbox: boolean };

/** GET /ops/aml/pep-sandbox (settings.read): the CPFs the sandbox answers as PEPs, masked; `sandbox` false when it is off. */
export function fetchAmlPepSandbox(): Promise<AmlPepList> {
  return opsRequest<AmlPepList>('/ops/aml/pep-sandbox');
}

export function useAmlPepSandbox() {
  return useQuery(queryOptions({ queryKey: amlPepSandboxKey, queryFn: fetchAmlPepSandbox }));
}
