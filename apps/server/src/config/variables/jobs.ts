/** Periodic jobs, the rewards engine's consumers, and the live games an instance drives or streams. */
import { wholeNumber } from '../fields';
import type { EnvVariable } from './variable';

export const JOBS_VARIABLES = {
  JOB_LEASE_MS: {
    schema: wholeNumber(100),
    default: '60000',
    feeds: 'AppConfig.jobLeaseMs',
    description:
      "how long an instance's claim on a periodic job's period holds without renewal: how soon another instance takes over the period of one that died",
  },
  JOB_INTERVAL_MS: {
    schema: wholeNumber(10),
    defaultText: "each job's own",
    feeds: 'AppConfig.jobIntervalMs',
    description: 'runs every periodic job on this interval instead of its own (tests and demonstrations only)',
  },
  REWARD_EVENTS_POLL_MS: {
    schema: wholeNumber(10),
    default: '200',
    feeds: 'AppConfig.rewardEventsPollMs',
    description:
      "the shortest time between two batches of a rewards-engine consumer that is not behind (new player events wake the consumers through the change feed; while the feed is down, how often an idle instance looks); the events' lag is about this while traffic is light, and up to five times this under steady load, when a consumer waits longer between batches to take more events in each",
  },
  CRASH_CHAIN_LENGTH: {
    schema: wholeNumber(10, 100_000_000),
    defaultText: '10,000,000 under `NODE_ENV=production`, 10,000 otherwise',
    feeds: 'AppConfig.crash.chainLength',
    description:
      "the rounds in each of crash's hash chains: made in the background when none is active (10 million take about 10 s of SHA-256; development and test servers make small ones), its last hash published before its first round (docs/provably-fair.md)",
  },
  CRASH_BETTING_MS: {
    schema: wholeNumber(500, 60_000),
    default: '6000',
    feeds: 'AppConfig.crash.bettingMs',
    description: "the betting window before each crash round's flight, in milliseconds",
  },
  CRASH_SPEED: {
    schema: wholeNumber(1, 100),
    default: '1',
    feeds: 'AppConfig.crash.speed',
    description:
      "how many times faster than bustabit's rate (e^(0.00006·ms)) crash's multiplier rises, fixed on each round when it opens (tests and demonstrations raise it)",
  },
  CRASH_LEASE_MS: {
    schema: wholeNumber(200, 60_000),
    default: '3000',
    feeds: 'AppConfig.crash.leaseMs',
    description:
      "how long the instance driving crash's rounds holds its lease without renewing it: how soon another instance takes over from one that died",
  },
  CRASH_LIVE_PROCESSES: {
    schema: wholeNumber(0, 16),
    defaultText: '2 under `NODE_ENV=production`, 0 otherwise',
    feeds: 'AppConfig.crashLiveProcesses',
    description:
      "processes of their own that hold crash's live pages and write their ticks (the server hands each accepted page's socket to one), so bets and cash-outs do not wait behind writing a tick to every page; 0: the server's own process writes them",
  },
  LOTTERY_LIVE_MAX_STREAMS: {
    schema: wholeNumber(1),
    default: '20000',
    feeds: 'AppConfig.lotteryLive.maxStreams',
    description:
      "the lottery pages' live event streams (`GET /lgw/live`) one instance holds open at most; the next is refused `SERVER_BUSY` (503) until one closes",
  },
  LOTTERY_LIVE_STREAMS_PER_IP: {
    schema: wholeNumber(1),
    default: '20',
    feeds: 'AppConfig.lotteryLive.perIp',
    description:
      'live event streams one client address may hold open on an instance (a household behind one address opens a few; one client cannot take them all)',
  },
} as const satisfies Record<string, EnvVariable>;
