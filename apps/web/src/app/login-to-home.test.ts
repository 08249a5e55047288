import { describe, expect, it } from 'vitest';
import { isOpenWithLoginToHome } from './login-to-home';

describe('isOpenWithLoginToHome', () => {
  it("opens the product's list, the reset link and the legal pages", () => {
    for (const path of [
      '/login',
      '/register',
      '/Register.html',
      '/reset-password',
      '/helpmc',
      '/download',
      '/down',
      '/terms',
      '/privacy/',
      '/responsible-gaming',
    ]) {
      expect(isOpenWithLoginToHome(path), path).toBe(true);
    }
  });

  it('keeps everything else behind the login', () => {
    for (const path of ['/', '/rng', '/help', '/game', '/terms/x'])
      expect(isOpenWithLoginToHome(path), path).toBe(false);
  });
});
