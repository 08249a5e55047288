import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { apiRequest } from '../../../lib/api-client';

export type HiloStartInput = { stakeMinor: string; idempotencyKey: string };

/** POST /wps/inhouse/hilo/start: a hi-lo round, its stake taken now and its first card shown. Played with useSteppedRound. */
export function startHilo(auth: InhouseAuth, input: HiloStartInput): Promise<SteppedRound> {
  return apiRequest<SteppedRound>('/wps/inhouse/hilo/start', { method: 'POST', body: { ...auth, ...input } });
}
