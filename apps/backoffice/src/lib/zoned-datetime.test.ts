import { describe, expect, it } from 'vitest';
import { isoToLocal, localToIso } from './zoned-datetime';

describe('localToIso', () => {
  it('reads the wall-clock time in the given zone', () => {
    expect(localToIso('2026-11-24T10:00', 'America/Sao_Paulo')).toBe('2026-11-24T13:00:00.000Z');
    expect(localToIso('2026-11-24T10:00', 'UTC')).toBe('2026-11-24T10:00:00.000Z');
    expect(localToIso('2026-07-01T10:30', 'Europe/Lisbon')).toBe('2026-07-01T09:30:00.000Z');
    expect(localToIso('2026-01-01T10:30', 'Europe/Lisbon')).toBe('2026-01-01T10:30:00.000Z');
  });

  it('crosses the day boundary in UTC', () => {
    expect(localToIso('2026-11-24T22:15', 'America/Sao_Paulo')).toBe('2026-11-25T01:15:00.000Z');
  });

  it('is null for an empty or malformed value', () => {
    expect(localToIso('', 'UTC')).toBeNull();
    expect(localToIso('2026-11-24', 'UTC')).toBeNull();
    expect(localToIso('tomorrow', 'UTC')).toBeNull();
  });
});

describe('isoToLocal', () => {
  it('writes an instant as the zone’s wall-clock time, to the minute', () => {
    expect(isoToLocal('2026-11-24T13:00:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-24T10:00');
    expect(isoToLocal('2026-11-25T01:15:42Z', 'America/Sao_Paulo')).toBe('2026-11-24T22:15');
    expect(isoToLocal('2026-07-01T09:30:00+00:00', 'Europe/Lisbon')).toBe('2026-07-01T10:30');
  });

  it('is empty for null', () => {
    expect(isoToLocal(null, 'UTC')).toBe('');
  });

  it('round-trips with localToIso', () => {
    for (const zone of ['America/Sao_Paulo', 'America/Manaus', 'Europe/Lisbon', 'UTC']) {
      expect(isoToLocal(localToIso('2026-03-29T12:45', zone), zone)).toBe('2026-03-29T12:45');
    }
  });
});
