import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/inhouse/mines/reveal: reveal one tile (0…24) of the open round. Played with useSteppedRound. */
export function revealTile(auth: InhouseAuth, roundId: string, tile: number): Promise<SteppedRound> {
  return apiRequest<SteppedRound>('/wps/inhouse/mines/reveal', { method: 'POST', body: { ...auth, roundId, tile } });
}
