// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatDayMonth, formatMonth, formatPeriodKey } from './format-date';

describe('format-date', () => {
  it('formatDay: dd/mm/aaaa in Portuguese, the US order in English; other text as it is', () => {
    expect(formatDay('2026-11-28', 'pt')).toBe('28/11/2026');
    expect(formatDay('2026-11-28', 'en')).toBe('11/28/2026');
    expect(formatDay('not a day', 'pt')).toBe('not a day');
  });

  it('formatDayMonth: a chart axis day, in the language order', () => {
    expect(formatDayMonth('2026-11-28', 'pt')).toBe('28/11');
    expect(formatDayMonth('2026-11-28', 'en')).toBe('11/28');
  });

  it('formatMonth: the month by name', () => {
    expect(formatMonth('2026-11', 'pt')).toBe('novembro de 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-13-01', 'pt')).toBe('2026-13-01');
  });

  it('formatDateTime: a short date and time', () => {
    expect(formatDateTime('2026-11-28T14:05:00.000Z', 'pt')).toMatch(/^\d{2}\/\d{2}\/2026,? \d{2}:\d{2}$/);
    expect(formatDateTime('soon', 'pt')).toBe('soon');
  });

  it('formatPeriodKey: every period key the server writes', () => {
    expect(formatPeriodKey('2026-11-28', 'pt')).toBe('28/11/2026');
    expect(formatPeriodKey('2026-11', 'pt')).toBe('novembro de 2026');
    expect(formatPeriodKey('2026-11-H1', 'pt')).toBe('1ª quinzena de novembro de 2026');
    expect(formatPeriodKey('2026-11-H2', 'en')).toBe('Second half of November 2026');
    expect(formatPeriodKey('2026-W48', 'pt')).toBe('Semana 48 de 2026');
    expect(formatPeriodKey('2026-W48', 'en')).toBe('Week 48 of 2026');
    expect(formatPeriodKey('2026-11-28T14:05:00.000Z', 'pt')).toMatch(/^\d{2}\/\d{2}\/2026/);
    expect(formatPeriodKey('whatever', 'pt')).toBe('whatever');
  });
});
