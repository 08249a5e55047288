import net from 'node:net';

/**
 * Which proxies may set the client address through `X-Forwarded-For` (Fastify's `trustProxy`):
 * `false` (the header is ignored), a hop count, or the proxies' addresses and CIDR blocks.
 * Never `true`: trusting every hop lets a client choose its own address by sending the header.
 */
export type TrustProxy = false | number | string[];

/** Named ranges proxy-addr understands besides addresses and CIDR blocks. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Parse TRUST_PROXY: unset, empty, `0` or `false` → ignore `X-Forwarded-For`; a whole number →
 * that many proxy hops (`1`: one load balancer in front, so the client is the last address it
 * appended); otherwise a comma-separated list of proxy addresses or CIDR blocks. `true` is
 * refused: it used to mean "trust every hop", which lets any client pick its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true') {
    throw new Error(
      'TRUST_PROXY=true is no longer accepted: set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.0.2.7)',
    );
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const invalid = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a hop count or comma-separated proxy addresses / CIDR blocks; not understood: ${invalid.join(', ') || raw}`,
    );
  }
  return entries;
}

/**
 * The TRUST_PROXY setting in the form Fastify takes. A hop count becomes a function of the hop
 * index, because Fastify treats a bare number as "trust nothing"; address lists go through as
 * they are. proxy-addr walks from the socket address (hop 0) towards the client and stops at
 * the first untrusted hop, which is the client address.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
  }
  return trustProxy;
}
