/**
 * The token of an e-mailed reset link, `/reset-password#token=…` (issue 8 §7). It rides in the
 * fragment, which browsers never send to a server; null when the fragment has none.
 */
export function readResetToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
  // The server's schema takes 16–128 characters; anything else cannot be a reset token.
  return token.length >= 16 && token.length <= 128 ? token : null;
}
