import type { InhouseAuth, InhouseRoundResult } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';
import type { SlotSpinInput } from './play-round';

export type LimboPlayInput = SlotSpinInput & { targetHundredths: number };

/** POST /wps/inhouse/limbo/play: one limbo round (bet and win through the wallet). Played with usePlayRound. */
export function playLimbo(auth: InhouseAuth, input: LimboPlayInput): Promise<InhouseRoundResult> {
  return apiRequest<InhouseRoundResult>('/wps/inhouse/limbo/play', { method: 'POST', body: { ...auth, ...input } });
}
