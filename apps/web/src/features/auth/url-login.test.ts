import { describe, expect, it } from 'vitest';
import { splitUrlLoginCode } from '../../lib/session-storage';
import { decideUrlLogin } from './url-login';

const CODE = 'Vq3n0P5rX0b2c9dK1mZy7tW4aL8sE6fH2gJ0kQ1uR3o';

describe('login links', () => {
  it('takes ?token= out of the address, keeping the rest of the query and the fragment', () => {
    expect(splitUrlLoginCode(`https://site.test/game?vendor=SBX&token=${CODE}&x=1#top`)).toEqual({
      code: CODE,
      cleanUrl: '/game?vendor=SBX&x=1#top',
    });
    expect(splitUrlLoginCode(`https://site.test/?token=${CODE}`)).toEqual({ code: CODE, cleanUrl: '/' });
    expect(splitUrlLoginCode('https://site.test/?a=1')).toEqual({ code: null, cleanUrl: null });
  });

  it('removes a token parameter that cannot be a code without keeping it', () => {
    expect(splitUrlLoginCode('https://site.test/?token=short')).toEqual({ code: null, cleanUrl: '/' });
    expect(splitUrlLoginCode(`https://site.test/?token=${'a'.repeat(200)}`)).toEqual({ code: null, cleanUrl: '/' });
  });

  it('asks before replacing a live session of another account, and only then', () => {
    expect(decideUrlLogin(null, 'maria')).toBe('adopt');
    expect(decideUrlLogin('Maria', 'maria')).toBe('keep');
    expect(decideUrlLogin('joao', 'maria')).toBe('ask');
  });
});
