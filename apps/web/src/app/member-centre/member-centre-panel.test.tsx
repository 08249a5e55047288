import { describe, expect, it } from 'vitest';
import type { MemberInfo } from '@wps/shared/schemas/member';
import { buildPermission } from '../../lib/test-render';
import { visibleMemberCentrePages } from './member-centre-panel';

const info = { toUpline: false } as MemberInfo;
const keys = (rebate: boolean, referral: boolean) =>
  visibleMemberCentrePages(
    info,
    buildPermission({ availablePromo: { REFERRAL: { enabled: referral }, REBATE: { enabled: rebate } } }),
  ).map((page) => page.key);

describe("the member centre's menu", () => {
  it('leaves out the betting bonus and the referral while they are off, instead of a page that only says so', () => {
    expect(keys(false, false)).not.toContain('manualRebate');
    expect(keys(false, false)).not.toContain('referral');
    expect(keys(true, true)).toEqual(expect.arrayContaining(['manualRebate', 'referral']));
  });
});
