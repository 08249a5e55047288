import { describe, expect, it } from 'vitest';
import { buildPermission } from '../lib/test-render';
import { agentReferralPage } from './side-menu';

describe("an agent's Refer and earn", () => {
  it('opens the register centre, and the invitation links under a licence that identifies every player', () => {
    const generic = buildPermission();
    expect(agentReferralPage(generic)).toBe('registerCenter');
    const br = buildPermission({
      register: { jurisdiction: { ...generic.register.jurisdiction, profile: 'BR', identity: 'cpf' } },
    });
    expect(agentReferralPage(br)).toBe('linkManagement');
  });
});
