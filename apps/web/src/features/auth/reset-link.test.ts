import { describe, expect, it } from 'vitest';
import { readResetToken } from './reset-link';

const TOKEN = 'b3Jp-Z2luYWxfcmVzZXRfdG9rZW5fMjU2X2JpdHNfeHk';

describe('reset link fragment', () => {
  it('reads the token from #token=', () => {
    expect(readResetToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(readResetToken(`token=${TOKEN}`)).toBe(TOKEN);
    expect(readResetToken(`#x=1&token=${encodeURIComponent(TOKEN)}`)).toBe(TOKEN);
  });

  it('has no token for an empty, missing or malformed fragment', () => {
    expect(readResetToken('')).toBeNull();
    expect(readResetToken('#')).toBeNull();
    expect(readResetToken('#token=')).toBeNull();
    expect(readResetToken('#token=short')).toBeNull();
    expect(readResetToken(`#token=${'a'.repeat(129)}`)).toBeNull();
  });
});
