import type { PlinkoRisk } from '@wps/shared/originals/plinko';
import type { InhouseAuth, InhouseRoundResult } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';
import type { SlotSpinInput } from './play-round';

export type PlinkoPlayInput = SlotSpinInput & { rows: number; risk: PlinkoRisk };

/** POST /wps/inhouse/plinko/play: one plinko round. Played with usePlayRound. */
export function playPlinko(auth: InhouseAuth, input: PlinkoPlayInput): Promise<InhouseRoundResult> {
  return apiRequest<InhouseRoundResult>('/wps/inhouse/plinko/play', { method: 'POST', body: { ...auth, ...input } });
}
