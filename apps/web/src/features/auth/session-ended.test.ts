import { describe, expect, it } from 'vitest';
import { SESSION_END_REASONS } from '@wps/shared/error-codes';
import ptAuth from '../../locales/pt/auth.json';
import enAuth from '../../locales/en/auth.json';
import { dismissSessionEnded, noteSessionEnded, readSessionEnded } from '../../lib/session-end';

describe('a session that ends says why', () => {
  it.each([
    ['PT', ptAuth.sessionEnded],
    ['EN', enAuth.sessionEnded],
  ])('has a sentence in %s for every reason the server gives', (_language, texts: Record<string, string>) => {
    for (const reason of SESSION_END_REASONS) expect(texts[reason]?.trim(), reason).toBeTruthy();
  });

  it('keeps only a reason the server can give', () => {
    noteSessionEnded({ sessionEnded: 'idle' });
    expect(readSessionEnded()).toBe('idle');
    noteSessionEnded({ sessionEnded: 'made_up' });
    noteSessionEnded(undefined);
    noteSessionEnded('operator');
    expect(readSessionEnded()).toBe('idle');
    dismissSessionEnded();
    expect(readSessionEnded()).toBeNull();
  });
});
