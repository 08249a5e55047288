/**
 * A random hex string from the CSPRNG. getRandomValues works outside secure contexts too,
 * unlike crypto.randomUUID, so this also runs on a plain-http LAN deployment.
 */
export function createRandomKey(bytes = 16): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}
