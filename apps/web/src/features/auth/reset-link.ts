/**
 * The token of an e-mailed reset link, `/reset-password#token=…`. It rides in the
 * fragment, which browsers never send to a server; null when the fragment has none.
 */
export function readResetToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
  // The server's schema takes 16–128 characters; anything else cannot be a reset token.
  return token.length >= 16 && token.length <= 128 ? token : null;
}

let captured: string | null = null;

/**
 * The reset token of this page load. The first call takes it out of the address bar at once
 * (history.replaceState: no router navigation, so the page is not remounted without it) and
 * keeps it in memory, so a remount of the page still has it.
 */
export function takeResetToken(): string | null {
  const { hash, pathname, search } = window.location;
  if (new URLSearchParams(hash.replace(/^#/, '')).has('token')) {
    captured = readResetToken(hash);
    window.history.replaceState(window.history.state, '', pathname + search);
  }
  return captured;
}

/** Drop the token once it was used or refused. */
export function forgetResetToken(): void {
  captured = null;
}
