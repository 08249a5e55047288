import type { BarredHit, RecordBarredContactBody } from '@wps/shared/schemas/identity';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { barredHitsKey } from './barred-hits';

export type RecordBarredContactInput = { id: string } & RecordBarredContactBody;

/** POST /ops/compliance/barred-hits/:id/contacts (players.write): an e-mail, SMS or call made to a barred member; audited. */
export function recordBarredContact({ id, ...body }: RecordBarredContactInput): Promise<BarredHit> {
  return opsRequest<BarredHit>(`/ops/compliance/barred-hits/${encodeURIComponent(id)}/contacts`, {
    method: 'POST',
    body,
  });
}

export function useRecordBarredContact(successText: (hit: BarredHit) => string) {
  return useOpsMutation({
    mutationFn: recordBarredContact,
    invalidates: [barredHitsKey],
    successText: (hit) => successText(hit),
  });
}
