// A pg client class for a URL with several hosts (host-list.ts): each new connection goes to the
// server that last met the URL's `target_session_attrs`, and when none is known (first use, or
// after a connection to it failed or was lost) the hosts are probed in the URL's order for one
// that does. After the primary dies and a standby is promoted, the pool's broken connections are
// dropped (its 'error' event) and new ones reach the promoted server: no restart, no new URL.
// A request whose connection broke mid-way fails (503, errors.ts); the next one finds the new server.

import pg from 'pg';
import { type HostCandidate, type HostList, meetsTarget } from './host-list';

/** SQLSTATE class 08 "unable to establish connection", as libpq reports when no host qualifies. */
const NO_SERVER_CODE = '08001';
/** How long one probe waits for a host that does not answer, unless the pool sets its own. */
const DEFAULT_PROBE_TIMEOUT_MS = 3000;

export class NoTargetServerError extends Error {
  readonly code = NO_SERVER_CODE;
  constructor(list: HostList, reasons: string[]) {
    const hosts = list.candidates.map((c) => `${c.host}:${c.port}`).join(', ');
    super(`no server meets target_session_attrs=${list.target} among ${hosts}: ${reasons.join('; ')}`);
  }
}

type ConnectCallback = ((err: Error) => void) | ((err: null, c: pg.Client) => void);

type Role = { inRecovery: boolean; readOnly: boolean };

async function readRole(client: pg.Client): Promise<Role> {
  const { rows } = await client.query<{ in_recovery: boolean; read_only: string }>(
    "SELECT pg_is_in_recovery() AS in_recovery, current_setting('transaction_read_only') AS read_only",
  );
  return { inRecovery: rows[0]!.in_recovery, readOnly: rows[0]!.read_only === 'on' };
}

export type FailoverClients = {
  /** The class for pg.Pool's `Client` option and for single connections (LISTEN). */
  Client: typeof pg.Client;
  /** Forget the chosen server, so the next connection probes again (a connection was lost). */
  forget: () => void;
  /** The server new connections go to now, if one is chosen (for tests and logs). */
  chosen: () => HostCandidate | null;
};

export function createFailoverClients(list: HostList, probeTimeoutMs = DEFAULT_PROBE_TIMEOUT_MS): FailoverClients {
  let chosen: HostCandidate | null = null;
  let probing: Promise<HostCandidate> | null = null;

  const connectTo = async (client: pg.Client, candidate: HostCandidate): Promise<Role> => {
    // pg copies host and port from the URL at construction and reads them again at connect.
    client.host = candidate.host;
    client.port = candidate.port;
    await client.connect();
    return readRole(client);
  };

  const probe = async (): Promise<HostCandidate> => {
    const reasons: string[] = [];
    for (const candidate of list.candidates) {
      const client = new pg.Client({ connectionString: list.baseUrl, connectionTimeoutMillis: probeTimeoutMs });
      client.on('error', () => undefined);
      try {
        const role = await connectTo(client, candidate);
        if (meetsTarget(list.target, role)) return candidate;
        reasons.push(`${candidate.host}:${candidate.port} is ${role.inRecovery ? 'a standby' : 'read-only'}`);
      } catch (error) {
        reasons.push(`${candidate.host}:${candidate.port}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    throw new NoTargetServerError(list, reasons);
  };

  /** The chosen server, probing once for every connection that asks at the same time. */
  const pick = (): Promise<HostCandidate> => {
    if (chosen) return Promise.resolve(chosen);
    probing ??= probe()
      .then((candidate) => (chosen = candidate))
      .finally(() => (probing = null));
    return probing;
  };

  const forgetIf = (candidate: HostCandidate) => {
    if (chosen === candidate) chosen = null;
  };

  class FailoverClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
      const connected = this.connectToChosen();
      if (!callback) return connected;
      // pg-pool passes one callback for both outcomes.
      const done = callback as (err: Error | null, c?: pg.Client) => void;
      connected.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      );
    }

    private async connectToChosen(): Promise<pg.Client> {
      const candidate = await pick();
      const base = pg.Client.prototype.connect.bind(this) as () => Promise<pg.Client>;
      // Until the caller gets the client it has no 'error' listener of its own, and a connection
      // lost during the role check would otherwise be an uncaught 'error' event; the check's
      // query fails with it anyway.
      const ignore = () => undefined;
      this.on('error', ignore);
      try {
        this.host = candidate.host;
        this.port = candidate.port;
        await base();
        // The server may have changed role since it was chosen (a demoted old primary).
        const role = await readRole(this);
        if (!meetsTarget(list.target, role)) {
          await this.end().catch(() => undefined);
          throw new NoTargetServerError(list, [`${candidate.host}:${candidate.port} no longer qualifies`]);
        }
        return this;
      } catch (error) {
        forgetIf(candidate);
        throw error;
      } finally {
        this.off('error', ignore);
      }
    }
  }

  return {
    Client: FailoverClient,
    forget: () => {
      chosen = null;
    },
    chosen: () => chosen,
  };
}
