import type { KenoRisk } from '@wps/shared/originals/keno';
import type { InhouseAuth, InhouseRoundResult } from '@wps/shared/schemas/inhouse';
import { apiRequest } from '../../../lib/api-client';
import type { SlotSpinInput } from './play-round';

export type KenoPlayInput = SlotSpinInput & { picks: number[]; risk: KenoRisk };

/** POST /wps/inhouse/keno/play: one keno round. Played with usePlayRound. */
export function playKeno(auth: InhouseAuth, input: KenoPlayInput): Promise<InhouseRoundResult> {
  return apiRequest<InhouseRoundResult>('/wps/inhouse/keno/play', { method: 'POST', body: { ...auth, ...input } });
}
