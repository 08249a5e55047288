import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dayText, presetDays, presetOf, startOfDay, toDays, toInstants } from './zoned-days';

const SP = 'America/Sao_Paulo';

describe('days in an operator time zone', () => {
  it('turns São Paulo days into UTC instants, half-open', () => {
    expect(toInstants({ from: '2026-11-22', to: '2026-11-22' }, SP)).toEqual({
      from: '2026-11-22T03:00:00.000Z',
      to: '2026-11-23T03:00:00.000Z',
    });
    expect(toInstants({ from: '2026-11-01', to: '2026-11-30' }, 'UTC')).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
  });

  it('reads the day of an instant in the zone, not the browser', () => {
    // 02:30Z on the 23rd is still the evening of the 22nd in São Paulo.
    expect(dayOf(Date.parse('2026-11-23T02:30:00Z'), SP)).toBe('2026-11-22');
    expect(dayOf(Date.parse('2026-11-23T03:00:00Z'), SP)).toBe('2026-11-23');
    expect(toDays({ from: '2026-11-22T03:00:00.000Z', to: '2026-11-23T03:00:00.000Z' }, SP)).toEqual({
      from: '2026-11-22',
      to: '2026-11-22',
    });
  });

  it('handles days a DST change makes 23 or 25 hours long', () => {
    // Lisbon springs forward on 2026-03-29 at 01:00 UTC and falls back on 2026-10-25.
    const spring = toInstants({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Lisbon');
    expect(Date.parse(spring.to) - Date.parse(spring.from)).toBe(23 * 3_600_000);
    const autumn = toInstants({ from: '2026-10-25', to: '2026-10-25' }, 'Europe/Lisbon');
    expect(Date.parse(autumn.to) - Date.parse(autumn.from)).toBe(25 * 3_600_000);
    // São Paulo's old DST skipped midnight (2018-11-04 began at 01:00).
    expect(startOfDay('2018-11-04', SP).toISOString()).toBe('2018-11-04T03:00:00.000Z');
  });

  it('gives the presets ending today in the zone', () => {
    const now = Date.parse('2026-11-23T02:00:00Z'); // 23:00 on the 22nd in São Paulo
    expect(presetDays('today', SP, now)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(presetDays('yesterday', SP, now)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(presetDays('last7', SP, now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetDays('last30', SP, now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetOf({ from: '2026-11-16', to: '2026-11-22' }, SP, now)).toBe('last7');
    expect(presetOf({ from: '2026-11-15', to: '2026-11-22' }, SP, now)).toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('dayText', () => {
  it('writes a calendar day as the language does, in no zone, and leaves other text as it is', () => {
    expect(dayText('2026-11-28', 'pt-BR')).toBe('28 de nov. de 2026');
    expect(dayText('2026-11-28', 'en')).toBe('Nov 28, 2026');
    expect(dayText('not a day', 'pt-BR')).toBe('not a day');
  });
});
