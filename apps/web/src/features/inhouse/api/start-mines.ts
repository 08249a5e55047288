import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { apiRequest } from '../../../lib/api-client';

export type MinesStartInput = { stakeMinor: string; idempotencyKey: string; mines: number };

/** POST /wps/inhouse/mines/start: a mines round, its stake taken now. Played with useSteppedRound. */
export function startMines(auth: InhouseAuth, input: MinesStartInput): Promise<SteppedRound> {
  return apiRequest<SteppedRound>('/wps/inhouse/mines/start', { method: 'POST', body: { ...auth, ...input } });
}
