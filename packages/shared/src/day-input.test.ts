import { describe, expect, it } from 'vitest';
import { formatDayInput, maskDayInput, parseDayInput } from './day-input';

describe('day input', () => {
  it('reads a day typed day first, with any separator or none, and the ISO form', () => {
    for (const typed of ['14/02/1988', '14.02.1988', '14-02-1988', '14021988', ' 14/2/1988 ', '1988-02-14'])
      expect(parseDayInput(typed), typed).toBe('1988-02-14');
  });

  it('refuses impossible days and other shapes', () => {
    for (const typed of ['31/02/2001', '29/02/2001', '00/01/2000', '12/13/2000', '02/14/1988', '14/02/88', '', 'ontem'])
      expect(parseDayInput(typed), typed).toBeNull();
    expect(parseDayInput('29/02/2000')).toBe('2000-02-29');
  });

  it('shows a day as dd/mm/aaaa and puts the slashes in while digits are typed', () => {
    expect(formatDayInput('1988-02-14')).toBe('14/02/1988');
    expect(['1', '14', '140', '1402', '14021', '14021988', '140219881'].map(maskDayInput)).toEqual([
      '1',
      '14',
      '14/0',
      '14/02',
      '14/02/1',
      '14/02/1988',
      '14/02/1988',
    ]);
    // A pasted ISO day is left for the parser.
    expect(maskDayInput('1988-02-14')).toBe('1988-02-14');
  });
});
