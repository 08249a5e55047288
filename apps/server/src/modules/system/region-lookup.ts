import net from 'node:net';

/** Loopback, private, link-local and shared (CGNAT) ranges: such callers have no country. */
const LOCAL_NETWORKS = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL_NETWORKS.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL_NETWORKS.addSubnet(address, prefix, 'ipv6');
}

/** The address in canonical form (IPv4-mapped IPv6 becomes IPv4), or null when it is not an IP. */
export function normaliseIp(ip: string): string | null {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const candidate = mapped?.[1] ?? trimmed;
  const family = net.isIP(candidate);
  if (family === 0) return null;
  return family === 6 ? candidate.toLowerCase() : candidate;
}

/** Whether an address is loopback or private: never located, never region-blocked. */
export function isLocalAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return false;
  return LOCAL_NETWORKS.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a string is a CIDR block ('203.0.113.0/24', '2001:db8::/32') or a bare address. */
export function isCidr(text: string): boolean {
  const [address, prefix, extra] = text.trim().split('/');
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
