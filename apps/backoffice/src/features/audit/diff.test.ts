import { describe, expect, it } from 'vitest';
import { diffStates } from './diff';

describe('diffStates', () => {
  it('lists every field with its value before and after, marking what changed', () => {
    expect(
      diffStates(
        { username: 'ana', role: 'finance', status: 'active' },
        { username: 'ana', role: 'support', status: 'active' },
      ),
    ).toEqual([
      { field: 'username', before: 'ana', after: 'ana', changed: false },
      { field: 'role', before: 'finance', after: 'support', changed: true },
      { field: 'status', before: 'active', after: 'active', changed: false },
    ]);
  });

  it('flattens nested objects by dotted path and shows arrays and numbers as JSON', () => {
    expect(
      diffStates({ limits: { min: '100', days: [1, 2] } }, { limits: { min: '200', days: [1, 2] }, on: true }),
    ).toEqual([
      { field: 'limits.min', before: '100', after: '200', changed: true },
      { field: 'limits.days', before: '[1,2]', after: '[1,2]', changed: false },
      { field: 'on', before: undefined, after: 'true', changed: true },
    ]);
  });

  it('treats a null state (a creation) as no fields', () => {
    expect(diffStates(null, { username: 'ana' })).toEqual([
      { field: 'username', before: undefined, after: 'ana', changed: true },
    ]);
    expect(diffStates(null, null)).toEqual([]);
    expect(diffStates('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b', changed: true }]);
  });
});
