import { describe, expect, it } from 'vitest';
import { isDrawToFinish, parseLotteryChange } from './lottery-change';

describe('a draw change from wps_lottery_change', () => {
  it('reads the payload the trigger sends', () => {
    // json_build_object(...)::text, as migration 0312 writes it (spaces after the colons).
    const change = parseLotteryChange('{"gameCode" : "E5D-1", "numero" : "20261125-0042", "status" : "drawn"}');
    expect(change).toEqual({ gameCode: 'E5D-1', numero: '20261125-0042', status: 'drawn' });
    expect(change && isDrawToFinish(change)).toBe(true);
  });

  it('leaves a draw that opened or closed, or was settled, to the clock', () => {
    for (const status of ['open', 'closed', 'settled', 'scheduled']) {
      expect(isDrawToFinish({ gameCode: 'E5D-1', numero: '1', status })).toBe(false);
    }
    expect(isDrawToFinish({ gameCode: 'E5D-1', numero: '1', status: 'voided' })).toBe(true);
  });

  it('is null for a payload that is not a change, never a throw', () => {
    for (const payload of [
      '',
      'drawn',
      '{"status":"drawn"}',
      '{"gameCode":1,"numero":"2","status":"drawn"}',
      'null',
      '[]',
    ]) {
      expect(parseLotteryChange(payload)).toBeNull();
    }
  });
});
