import type { HiloPick } from '@wps/shared/originals/hilo';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/inhouse/hilo/pick: call the next card higher, lower or skip it. Played with useSteppedRound. */
export function pickCard(auth: InhouseAuth, roundId: string, pick: HiloPick): Promise<SteppedRound> {
  return apiRequest<SteppedRound>('/wps/inhouse/hilo/pick', { method: 'POST', body: { ...auth, roundId, pick } });
}
