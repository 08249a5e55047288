import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { SteppedKind, SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/inhouse/mines/cashout or /wps/inhouse/hilo/cashout: end the open round at its multiplier. Played with useSteppedRound. */
export function cashOut(auth: InhouseAuth, game: SteppedKind, roundId: string): Promise<SteppedRound> {
  return apiRequest<SteppedRound>(`/wps/inhouse/${game}/cashout`, { method: 'POST', body: { ...auth, roundId } });
}
