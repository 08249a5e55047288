import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { databaseEnv, emptyDataDir, freshDataDir } from '../../scripts/e2e-databases.mjs';

/**
 * Helpers shared by the browser suites: extra built servers with their own operator
 * configuration, the ops CLI, and the axe check.
 *
 * Each extra server needs a port of its own, because Playwright runs two spec files at once.
 * Every port a run uses is derived from one base, checked unique below, so that two runs on one
 * machine (two checkouts, or two developers) stay apart by giving each its own E2E_PORT. The extra
 * servers take PORT_SPAN ports from E2E_PORT_BASE, which by default is 20000 + (E2E_PORT mod 190) × 64:
 * E2E_PORTs that differ by less than 190 never share an extra port, and the extra ports stay below
 * Linux's ephemeral range (32768 and up), where an outgoing connection could hold one for a moment
 * (the highest is 20000 + 189 × 64 + 63 = 32159). A new suite takes the next free offset; past
 * PORT_SPAN, raise it and lower the modulus so that the highest port stays below 32768.
 */
const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
/** How many ports from the base a run may use. */
const PORT_SPAN = 64;
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 20_000 + (MAIN_PORT % 190) * PORT_SPAN);

/** Offsets from the base; each suite that starts servers has its own. */
const PORT_OFFSETS = {
  auth: 0,
  maintenance: 1,
  loginToHome: 2,
  region: 3,
  security: 4,
  deposits: 5,
  withdrawals: 6,
  lobby: 7,
  gateway: 8,
  /** The reference vendor process (apps/vendor-sandbox) the gateway suite starts. */
  vendorSandbox: 9,
  inhouse: 10,
  /** Back office sign-in with TOTP. */
  backoffice: 11,
  /** The /reset-password suite. */
  resetPassword: 12,
  /** ERROR_REPORT_URL set at run time. */
  errorReport: 13,
  /** The back-office shell: navigation by role, 404, preferences, session expiry (short operator sessions). */
  backofficeShell: 14,
  /** The back office's dashboard and reports over a workload made through the APIs. */
  backofficeReports: 15,
  /** Operators management and the audit log: an admin creates a support operator who signs in. */
  backofficeOperators: 16,
  /** Player search, the player page and a manual adjustment approved by a second operator. */
  backofficePlayers: 17,
  /** The back office's vendors and games: maintenance seen in the player lobby. */
  backofficeGames: 18,
  /** The back office's money queues: deposits, withdrawals, disputes. */
  backofficeQueues: 19,
  /** The back office's payments setup: deposit channels and withdrawal rules, seen by the player. */
  backofficePayments: 20,
  /** The back office's site settings: a registration rule the player's form follows, maintenance. */
  backofficeSite: 21,
  /** The back office's content: a scheduled banner and an announcement, seen through the players' API. */
  backofficeContent: 22,
  /** The operator's content on the player site: banner strip, legal pages, help centre. */
  content: 23,
  /** Feedback, the speed test and announcements on the player site, answered and published through the ops API. */
  playerContent: 24,
  /** A transfer-wallet game offering the transfer in place, on a server that started the reference vendor itself. */
  playTransfer: 25,
  /** The inbox: a message sent in the back office read by the player; the notice modal. */
  inbox: 28,
  /** Identity under the BR profile: CPF and date of birth at registration, the barred-persons list at sign-up and at the next day's first login (the test clock door). */
  complianceIdentity: 29,
  /** App download (/down, the modal's QR), customer service with its VIP entry, /helpmc. */
  download: 30,
  /** The storefront: home lanes, promotions, search, tab bar, footer blocks, trial DEMO; promotion tags in the back office. */
  storefront: 26,
  /** The rewards engine: a rule written and put live in the back office, claimed in the reward centre. */
  rewards: 43,
  /** Promotions' activity: the back office's settings, an application with images approved in the review queue, claimed by the player. */
  promoActivity: 35,
  /** A raffle: created and drawn in the back office, tickets claimed and the draw verified on the promotion's page. */
  raffle: 36,
  /** Points and VIP: the mall's redeem approved in the back office, a VIP level-up with its bonus (points switch on). */
  loyalty: 33,
  /** Missions: a daily mission completed by the player's login, claimed once, its badge gone. */
  missions: 37,
  /** Refer and earn: switched on in the back office, an invitee's reward paid, one held for review and released. */
  referral: 38,
  /** The back office's missions: a daily mission written there, completed and claimed on the player site, its figures back on the screen. */
  backofficeMissions: 39,
  /** Bonus money: a deposit promotion joined, the deposit's bonus wagered on the in-house slot and converted to the main wallet. */
  bonus: 31,
  /** The betting bonus: turnover settled, the day ended by the test clock door (TEST_CLOCK_DOOR), claimed once. */
  rebate: 32,
  /** The agent centre: agents made and contracts set through the ops API, contracts offered, answered and terminated on the player site. */
  agentCentre: 40,
  /** The agent centre's team side: an invitation link, an offer made with the tier editor, the team's pages and a transfer to a downline. */
  agentCentreTeam: 41,
  /** The back office's agent screens: the tree (search, move, type), a house contract, the contracts list and a team report. */
  backofficeAgents: 42,
  /** Agents' settlement: players under a two-level chain play, the day ends by the test clock door, both agents see their statement and money. */
  agentSettlement: 44,
  /** The lottery: quick-draw tickets won and verified, a liability limit lowered in the back office trimming a bet. */
  lottery: 27,
  /** The back office's lottery: a Vietnamese result typed by one operator and approved by another (the test clock door), a void, liability, a game's limit. */
  backofficeLottery: 45,
  /** Records: the regulator export's runs listed, downloaded and re-run (the test clock door ends the day), the audit chain checked. */
  complianceRecords: 46,
  /** Responsible gambling: limits (a raised one waits on the test clock door), self-exclusion, the reality check. */
  responsibleGaming: 34,
  /** A player's identity check (sandbox provider, a review passed in the back office), data download and account closure. */
  playerCompliance: 47,
  /** PIX under the BR profile: a deposit from the player's own CPF credited, one from another CPF returned; a withdrawal to the player's own PIX key. */
  pixPayments: 48,
  /** KYC tiers under the BR profile: the deposit cap before verification, the facial re-verification at login. */
  kycTiers: 49,
  /** Behaviour monitoring: flags raised by a player's pattern, reviewed with notes and an outcome in the back office. */
  monitoring: 50,
  /** The BR sign-up story: register with CPF and date of birth, limits asked at sign-up, KYC in the sandbox. */
  brJourney: 51,
  /** PVP tables on /pvp joined through the reference vendor's room list, and the /seamless vendors' lobby. */
  pvp: 55,
  /** The online-service list on the registration page: a chat entry's 440×500 window, closed when its address cannot be had. */
  onlineService: 57,
  /** A login from a new device asks for a code (switched on in the back office), the device remembered, then forgotten in the security centre. */
  newIpVerification: 52,
  /** Sign-in with an identity provider: sign-up, sign-in and linking through the local identity provider, unlinked in the security centre; the provider's switch in the back office. */
  oidc: 53,
  /** The local identity provider (apps/idp-sandbox) the oidc suite's server starts beside itself. */
  oidcIdp: 54,
  /** Page width: every route of the site at 360 px and every back-office screen at 1024 px, over the permissive demo. */
  pageWidth: 56,
  /** The permissive demo's promotions pay what they promise: each one's call to action and a deposit from it, over the demo. */
  promoPays: 58,
  /** Sports, e-sports and cockfight: the reference vendor's event games on /sports, staked through the seamless wallet. */
  sportsVendors: 61,
  /** The phone header of a signed-in player with a long balance (registration needs the captcha off). */
  headerBalance: 62,
} as const;

function derivePorts(): { readonly [K in keyof typeof PORT_OFFSETS]: number } {
  if (!Number.isInteger(MAIN_PORT) || !Number.isInteger(PORT_BASE))
    throw new Error('E2E_PORT and E2E_PORT_BASE must be integers');
  const ports = Object.fromEntries(
    Object.entries(PORT_OFFSETS).map(([name, offset]) => [name, PORT_BASE + offset]),
  ) as {
    [K in keyof typeof PORT_OFFSETS]: number;
  };
  const seen = new Map<number, string>([[MAIN_PORT, 'main server (E2E_PORT)']]);
  for (const [name, port] of Object.entries(ports)) {
    const offset = port - PORT_BASE;
    if (offset < 0 || offset >= PORT_SPAN)
      throw new Error(`e2e port offset of ${name} (${offset}) is outside 0..${PORT_SPAN - 1}`);
    const other = seen.get(port);
    // Two suites on one port collide only when Playwright happens to run them at the same time: refuse at once instead.
    if (other) throw new Error(`e2e port ${port} is assigned to both ${other} and ${name}`);
    seen.set(port, name);
  }
  return ports;
}

export const EXTRA_PORTS = derivePorts();

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export type ExtraServer = { baseURL: string; dataDir: string; stop: () => Promise<void> };

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/**
 * Ops commands queued by a `configure` callback of startServer, per data directory: they run in
 * one process before the server starts (see runOps).
 */
const queuedOps = new Map<string, OpsStep[]>();

/** One command of a batch, with the OPS_PASSWORD it was given (operator:create reads it), if any. */
type OpsStep = { args: string[]; password?: string };

/**
 * Run ops commands against a data directory (migrating and seeding it as needed), all in one
 * process, and return their stdout. The commands are the ops CLI's (`npm run ops -- help`), plus
 * `config:patch <key> <json-object>`, which changes the named fields of a setting (scripts/e2e-ops.ts).
 * scripts/e2e.mjs bundles that runner once (E2E_OPS_BUNDLE), so a call is a plain node start; run
 * straight through Playwright, tsx runs its source, directly rather than through npx, which adds
 * seconds of npm start-up to every call on a busy machine. The call blocks this worker, so
 * Playwright's own timeouts cannot stop a hung CLI: it gets a ceiling of its own and fails with its output.
 * SCRYPT_LOG_N is the extra servers' own, so an operator made here signs in as cheaply as one made there.
 */
function runOpsNow(dataDir: string, batch: OpsStep[]): string {
  const bundle = process.env.E2E_OPS_BUNDLE;
  // The bundle is imported rather than named on the command line: see scripts/e2e-ops.ts.
  const [cmd, args] =
    bundle && fs.existsSync(bundle)
      ? ['node', ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(bundle).href)})`]]
      : [TSX, ['scripts/e2e-ops.ts']];
  const result = spawnSync(cmd, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...databaseEnv(dataDir),
      LOG_LEVEL: 'warn',
      SCRYPT_LOG_N: '14',
      E2E_OPS_STEPS: JSON.stringify(batch),
    },
    encoding: 'utf8',
    timeout: 150_000,
  });
  if (result.status !== 0) {
    const why = result.error ? ` (${result.error.message})` : result.signal ? ` (killed by ${result.signal})` : '';
    throw new Error(
      `ops ${batch.map(({ args }) => args.join(' ')).join('; ')} failed${why}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * Run an ops command against a data directory; returns stdout. Called from a `configure` callback
 * of startServer, the command is queued instead and returns no output: the queue runs in one
 * process, in order, just before the server starts, since starting the server's code and opening
 * the database cost a few seconds a process on a busy machine.
 */
export function runOps(dataDir: string, args: string[]): string {
  const queue = queuedOps.get(dataDir);
  const step: OpsStep =
    process.env.OPS_PASSWORD === undefined ? { args } : { args, password: process.env.OPS_PASSWORD };
  if (queue) {
    queue.push(step);
    return '';
  }
  return runOpsNow(dataDir, [step]);
}

/**
 * Refuse a port something already listens on. A server left over from an interrupted run would
 * otherwise answer the readiness check while the new one fails to bind, and the suite would test
 * a stale server with another database.
 */
async function assertPortFree(port: number, name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} for the ${name} server is in use: stop the process holding it (a server left from an earlier run?) or set E2E_PORT to another base`
            : `cannot check port ${port} for the ${name} server: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Whether a child has ended, by an exit code or by a signal. */
function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForServer(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  // Only a ceiling for a server that hangs; readiness itself is the status call answering.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (ended(child)) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/wps/system/status`);
      if (response.ok && !ended(child)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/**
 * Where an extra server keeps its data: next to the main server's (E2E_DATA_DIR), so two runs with
 * their own data directories never wipe each other's extra servers.
 */
function extraDataDir(name: string): string {
  const main = path.resolve(ROOT, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
  return `${main}-${name}`;
}

/**
 * How long an extra server gets to shut down cleanly before it is killed. The suites' servers stop
 * within half a second of SIGTERM (0.13–0.4 s measured over eleven of them on a loaded two-core
 * machine), so this only bounds a stop held up by a request a browser left hanging.
 */
const STOP_CEILING_MS = 5_000;

/** Start a second built server on its own port and data directory, after `configure` ran on it (its ops commands in one process, see runOps). */
export async function startServer(
  name: string,
  port: number,
  configure: (dataDir: string) => void,
  env: Record<string, string> = {},
): Promise<ExtraServer> {
  await assertPortFree(port, name);
  const dataDir = extraDataDir(name);
  // A copy of the migrated and seeded template scripts/e2e.mjs makes (a PostgreSQL database, or a
  // PGlite data directory): migrating a fresh database takes seconds, the copy a fraction of one.
  // Run straight through Playwright, without a template, a server migrates its own.
  await freshDataDir(dataDir);
  const queue: OpsStep[] = [];
  queuedOps.set(dataDir, queue);
  try {
    configure(dataDir);
  } finally {
    queuedOps.delete(dataDir);
  }
  if (queue.length > 0) runOpsNow(dataDir, queue);
  return launchServer(name, port, dataDir, env);
}

/**
 * Start a built server on an empty database, so that its start installs the demo operator as a
 * newcomer's does (server.ts): the permissive licence, the demo's site content (promotions,
 * banners, legal pages) and its rewards programmes with the demo operators `demoadmin` and
 * `demofinance`. The suites' other servers start from the seeded template: their first start
 * claims the demo installation too, with the content and rewards off (playwright.config.ts), so it
 * sets the permissive licence where a suite's console chose none and adds nothing else.
 */
export async function startDemoServer(name: string, port: number): Promise<ExtraServer> {
  await assertPortFree(port, name);
  const dataDir = extraDataDir(name);
  await emptyDataDir(dataDir);
  return launchServer(name, port, dataDir, {
    DEMO_CONTENT: 'on',
    DEMO_JURISDICTION: 'permissive',
    DEMO_REWARDS: 'on',
  });
}

async function launchServer(
  name: string,
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<ExtraServer> {
  let output = '';
  const child = spawn('node', ['apps/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...databaseEnv(dataDir),
      LOG_LEVEL: 'warn',
      SCRYPT_LOG_N: '14',
      DEMO_CONTENT: 'off',
      // The suites' generic site: a server that creates its database (no template) would install
      // the demo under BR, the default (db/seed-jurisdiction.ts); each suite sets up its own licence.
      DEMO_JURISDICTION: 'permissive',
      // Nor its rewards programmes and demo operators (DEMO_REWARDS): each suite switches on what it tests.
      DEMO_REWARDS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (ended(child)) return resolve();
      // A clean shutdown waits for requests in flight; one a browser left hanging must not hold the
      // suite past its hook's timeout, so after a ceiling the server is killed and its output shown.
      const ceiling = setTimeout(() => {
        console.warn(
          `${name} server did not stop within ${STOP_CEILING_MS} ms of SIGTERM; killed. Its output:\n${output.slice(-4000)}`,
        );
        child.kill('SIGKILL');
      }, STOP_CEILING_MS);
      child.once('exit', () => {
        clearTimeout(ceiling);
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await waitForServer(baseURL, child, () => output);
  } catch (error) {
    // A server that never became ready must not outlive the suite and hold its port for the next run.
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

export { expectNoSeriousA11yViolations } from './a11y';
