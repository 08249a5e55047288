// libpq accepts several hosts in one connection URL (`postgres://u@a:5432,b:5432/db`) and, with
// `target_session_attrs=read-write`, keeps the first whose session can write: after a failover the
// same URL reaches the promoted server. node-postgres (pg 8, pg-connection-string 2) reads one host
// only, so this module parses the list and failover-client.ts does the choosing.

/** How a server in the list qualifies, as libpq's `target_session_attrs` names it. */
export type TargetSession = 'any' | 'read-write' | 'primary';

export type HostCandidate = { host: string; port: number };

export type HostList = {
  candidates: HostCandidate[];
  target: TargetSession;
  /** The URL with its first host only and without `target_session_attrs`, for pg to read the rest from. */
  baseUrl: string;
};

const URL_PATTERN = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;
const TARGETS: readonly TargetSession[] = ['any', 'read-write', 'primary'];
const DEFAULT_PORT = 5432;

function parseHost(entry: string): HostCandidate | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return undefined;
  const port = match[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port };
}

function hostForUrl(candidate: HostCandidate): string {
  const host = candidate.host.includes(':') ? `[${candidate.host}]` : candidate.host;
  return `${host}:${candidate.port}`;
}

/**
 * The host list and target of a URL that names several hosts or a `target_session_attrs`; null
 * for a plain one-host URL (which pg reads as it is) and for text that is no postgres URL at all.
 */
export function parseHostList(url: string): HostList | null {
  const match = URL_PATTERN.exec(url.trim());
  if (!match) return null;
  const [, scheme, userInfo, hostPart, path, query, fragment] = match;
  const params = new URLSearchParams(query?.slice(1) ?? '');
  const targetParam = params.get('target_session_attrs');
  const entries = hostPart!.split(',');
  if (entries.length < 2 && targetParam === null) return null;
  const candidates = entries.map(parseHost);
  if (candidates.some((c) => c === undefined)) return null;
  const target = (targetParam ?? 'any') as TargetSession;
  if (!TARGETS.includes(target)) return null;
  params.delete('target_session_attrs');
  const rest = params.toString();
  const baseUrl =
    `${scheme}${userInfo === undefined ? '' : `${userInfo}@`}${hostForUrl(candidates[0]!)}${path}` +
    `${rest ? `?${rest}` : ''}${fragment ?? ''}`;
  return { candidates: candidates as HostCandidate[], target, baseUrl };
}

/** Whether a server's answer to the role probe (failover-client.ts) meets the target. */
export function meetsTarget(target: TargetSession, role: { inRecovery: boolean; readOnly: boolean }): boolean {
  if (target === 'any') return true;
  if (target === 'primary') return !role.inRecovery;
  return !role.inRecovery && !role.readOnly;
}
