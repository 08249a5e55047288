import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLoginPrompt, openLoginPrompt, requireLogin } from './login-prompt';

function stubSession(token: string | null) {
  vi.stubGlobal('window', { sessionStorage: { getItem: (key: string) => (key === 'token' ? token : null) } });
}

describe('the login prompt a feature asks for', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens what the app connected, on the tab asked for', () => {
    const show = vi.fn();
    connectLoginPrompt(show);
    openLoginPrompt();
    openLoginPrompt('register');
    expect(show.mock.calls).toEqual([['login'], ['register']]);
  });

  it('requireLogin: a visitor gets the login form and the action stops', () => {
    const show = vi.fn();
    connectLoginPrompt(show);
    stubSession(null);
    expect(requireLogin()).toBe(false);
    expect(show).toHaveBeenCalledWith('login');
  });

  it('requireLogin: a player goes on, and no form opens', () => {
    const show = vi.fn();
    connectLoginPrompt(show);
    stubSession('a-token');
    expect(requireLogin()).toBe(true);
    expect(show).not.toHaveBeenCalled();
  });
});
