import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import {
  INHOUSE_GAMES,
  INHOUSE_VASSALAGE,
  type InhouseGameKind,
  type InhouseRoundResult,
  type InhouseSession,
} from '@wps/shared/schemas/inhouse';
import { isSteppedKind } from '@wps/shared/schemas/inhouse-steps';
import { needsCertificate } from '@wps/shared/schemas/inhouse-certificates';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { AppError, isAppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { SystemService } from '../system/system.service';
import type { GatewayService } from '../gateway/gateway.service';
import { createInhouseFair } from './inhouse-fair';
import { findRoundByKey, findStalePendingRounds, finishRound, type RoundRow } from './inhouse-rounds.repository';
import { canonicalJson, decideRound } from './inhouse-games';
import { createInhouseCertificates, type InhouseLicencePort } from './inhouse-certificates';
import { createRoundPlacement, type PlaceInput } from './inhouse-placement';
import { createInhouseReport } from './inhouse-report';
import { createInhouseSettings, requireInhouseGame, type InhouseCataloguePort } from './inhouse-settings';
import { createInhouseSteps } from './inhouse-steps';
import { createInhouseViews } from './inhouse-views';
import type { ChangeFeed } from '../../db/change-feed';
import type { MemberService } from '../member/member.service';
import { createCrashDriver, DEFAULT_CRASH_SETTINGS } from './crash/crash-driver';
import { createCrashLive } from './crash/crash-live';
import { createCrashService } from './crash/crash.service';
import { createCrashStateReader, readCrashMonitor, readCrashState } from './crash/crash-state';

export type InhouseContext = Pick<AppContext, 'db' | 'readDb' | 'log'> & {
  /** Crash's settings (CRASH_*) and live streams' limits; defaults when absent. */
  config?: Pick<AppContext['config'], 'crash' | 'lotteryLive' | 'crashLiveProcesses'>;
  /** Crash's live pages hear every instance's changes through it; the games' settings kept in memory are dropped by it. */
  changeFeed: Pick<ChangeFeed, 'subscribe' | 'onReset' | 'isLive' | 'announce'>;
  /** Crash's live bets show the player's nickname. */
  member: Pick<MemberService, 'findMemberBrief'>;
  system: Pick<SystemService, 'getBrand'>;
  gateway: Pick<GatewayService, 'authenticate' | 'requireVendorSession' | 'seamless' | 'registerInternalVendor'>;
  catalogue: InhouseCataloguePort;
  /** The operator's changes of a game's settings are audited. */
  audit: Pick<AuditService, 'record'>;
  /** The licence's stake door, asked where a round or a crash bet is placed; the profile in force for what players see. */
  licence: InhouseLicencePort;
  now?: () => Date;
};

/** A pending round older than this was interrupted; the recovery job finishes it. */
export const STALE_ROUND_MS = 60_000;

/**
 * The page a launch opens: same origin as the site, so the game runs inside the /game iframe.
 * The launch token travels as `launch`, not `token`: the framed app shares the tab's session
 * storage, and a `token` parameter would be taken as the site's login token.
 */
export function inhouseLaunchPath(input: { nodeId: string; token: string; language: string }): string {
  const game = INHOUSE_GAMES[input.nodeId as keyof typeof INHOUSE_GAMES] ?? 'slot';
  const q = new URLSearchParams({ launch: input.token, game: input.nodeId, lang: input.language });
  return `/inhouse/play/${game}?${q.toString()}`;
}

/** A one-shot round: crash's shared rounds are played through crash/, mines and hi-lo step by step. */
type PlayInput = PlaceInput;

/** In-house provably-fair games: rounds and their money through the gateway's seamless wallet; seeds in inhouse-fair.ts. */
export function createInhouseService(ctx: InhouseContext) {
  const { db, log, system, gateway, catalogue } = ctx;
  const now = ctx.now ?? (() => new Date());

  async function money() {
    const brand = await system.getBrand();
    return { currency: brand.currency, scale: brand.currencyScale };
  }

  // The originals' lab certificates, which a licence may ask for (inhouse-certificates.ts).
  const certificates = createInhouseCertificates({ db, audit: ctx.audit, catalogue, licence: ctx.licence, now });
  gateway.registerInternalVendor(INHOUSE_VASSALAGE, {
    launchUrl: inhouseLaunchPath,
    refuseLaunch: certificates.refuseLaunch,
  });

  const fair = createInhouseFair({ db, log, now, money, settle: (round) => settle(round) });
  // Stake rules (the catalogue's minimum bet, the operator's maximum) and their back-office settings.
  const settings = createInhouseSettings({ db, audit: ctx.audit, catalogue, changeFeed: ctx.changeFeed });
  // Every round but crash's is placed here: the stake rules, the licence's door, the seed's nonce.
  const placeRound = createRoundPlacement({ db, settings, licence: ctx.licence, money });
  // Mines and hi-lo: rounds played step by step.
  const steps = createInhouseSteps({ db, log, now, gateway, placeRound, money });

  /** POST /wps/inhouse/session: the launch token (single use) for a game session. */
  async function openSession(launchToken: string): Promise<InhouseSession> {
    const auth = await gateway.authenticate(INHOUSE_VASSALAGE, launchToken);
    const game = requireInhouseGame(auth.gameId);
    const { name, rules, rtpBps, maxPayoutMinor } = await settings.getPlayableGame(auth.gameId, game);
    const { scale } = await money();
    return {
      sessionToken: auth.sessionToken,
      playerId: auth.playerId,
      nickname: auth.nickname,
      nodeId: auth.gameId,
      game,
      gameName: name,
      currency: auth.currency,
      scale,
      balance: auth.balance,
      balanceMinor: auth.balanceMinor,
      minStakeMinor: rules.min.toString(),
      maxStakeMinor: rules.max.toString(),
      stakeStepMinor: rules.step.toString(),
      rtpBps,
      maxPayoutMinor: maxPayoutMinor?.toString() ?? null,
      expiresAt: auth.expiresAt,
    };
  }

  /** The player and game of a live game session. */
  async function requireSession(
    sessionToken: string,
    playerId: string,
  ): Promise<{ memberId: string; nodeId: string; game: InhouseGameKind }> {
    const session = await gateway.requireVendorSession(INHOUSE_VASSALAGE, sessionToken, playerId);
    return { ...session, game: requireInhouseGame(session.nodeId) };
  }

  /**
   * Move the round's money through the seamless wallet: bet, then the win (0 on a loss) closing
   * the round. Both calls are idempotent by their transaction ids, so a retry after a crash
   * finishes the same round. A refused bet (e.g. insufficient funds) marks the round refused.
   */
  async function settle(round: RoundRow): Promise<{ balanceMinor: bigint }> {
    // A multi-step round's money moves at its start and its end, not in one go (inhouse-steps.ts).
    if (isSteppedKind(round.game)) return steps.settleStepped(round);
    const bet = {
      vassalage: INHOUSE_VASSALAGE,
      memberId: round.memberId,
      transactionId: `${round.roundId}-bet`,
      roundId: round.roundId,
      gameId: round.nodeId,
      amountMinor: round.stake,
    };
    try {
      await gateway.seamless.bet(bet);
    } catch (err) {
      if (isAppError(err) && err.errorCode !== ErrorCode.INTERNAL_ERROR) {
        await finishRound(db, round.roundId, 'refused', err.errorCode, now());
      }
      throw err;
    }
    const win = await gateway.seamless.win({
      vassalage: INHOUSE_VASSALAGE,
      memberId: round.memberId,
      transactionId: `${round.roundId}-win`,
      roundId: round.roundId,
      betTransactionId: bet.transactionId,
      amountMinor: round.payout,
      roundClosed: true,
    });
    await finishRound(db, round.roundId, 'settled', null, now());
    return { balanceMinor: BigInt(win.balanceMinor) };
  }

  function sameRequest(r: RoundRow, input: PlayInput): boolean {
    return (
      r.game === input.game &&
      r.nodeId === input.nodeId &&
      r.stake === input.stakeMinor &&
      canonicalJson(r.params) === canonicalJson(input.params)
    );
  }

  async function result(round: RoundRow, balanceMinor: bigint, replayed: boolean): Promise<InhouseRoundResult> {
    const { currency, scale } = await money();
    return {
      roundId: round.roundId,
      game: round.game,
      stake: formatMinor(round.stake, scale),
      stakeMinor: round.stake.toString(),
      payout: formatMinor(round.payout, scale),
      payoutMinor: round.payout.toString(),
      currency,
      balance: formatMinor(balanceMinor, scale),
      balanceMinor: balanceMinor.toString(),
      outcome: round.outcome,
      serverSeedHash: round.serverSeedHash,
      serverSeed: round.revealedServerSeed,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
      rtpBps: round.rtpBps,
      replayed,
    };
  }

  /**
   * Play one round: placed by the one use case every in-house round goes through (stake rules, the
   * licence's stake door, the seed's next nonce, the outcome at the RTP in force now:
   * inhouse-placement.ts), then settled.
   */
  async function play(input: PlayInput): Promise<InhouseRoundResult> {
    // A repeated key is found where the round is written (the insert meets it): a new round, the
    // common case, is not looked up first. A request refused before that (the stake rules, the
    // game's status, the licence's door) may still be the repeat of a round placed earlier, which
    // is answered as it was, whatever the rules say now.
    const placed = await placeRound(input, (seeds, rtpBps) =>
      decideRound(input.game, seeds, input.params, rtpBps, input.stakeMinor),
    ).catch(async (err: unknown) => {
      const existing = isAppError(err) ? await findRoundByKey(db, input.memberId, input.idempotencyKey) : undefined;
      if (!existing) throw err;
      return { kind: 'keyTaken' as const, round: existing };
    });
    // Only a stepped game has one open round per player; a one-shot round never meets it.
    if (placed.kind === 'roundOpen') throw new Error('inhouse: a one-shot round met the open-round index');
    if (placed.kind === 'keyTaken') return replay(placed.round, input);
    const { balanceMinor } = await settle(placed.round);
    return result(placed.round, balanceMinor, false);
  }

  /** The answer to a repeated idempotency key: the same round, finished if it was interrupted. */
  async function replay(round: RoundRow, input: PlayInput): Promise<InhouseRoundResult> {
    if (!sameRequest(round, input)) {
      throw new AppError(
        ErrorCode.DUPLICATE_TRANSACTION,
        'This idempotency key was already used for a different round',
        { idempotencyKey: input.idempotencyKey },
      );
    }
    if (round.status === 'refused') {
      throw new AppError(
        (round.errorCode as ErrorCode | null) ?? ErrorCode.INSUFFICIENT_FUNDS,
        'This round was refused by the wallet',
        { roundId: round.roundId },
      );
    }
    if (round.status === 'settled') {
      // The wallet's replay would repeat the balance of the first answer; show today's.
      const balance = await gateway.seamless.balance(round.memberId);
      return result(round, BigInt(balance.balanceMinor), true);
    }
    // Interrupted between the wallet calls: settling again is idempotent and finishes it.
    const { balanceMinor } = await settle(round);
    return result(round, balanceMinor, true);
  }

  /**
   * Finish rounds interrupted between the wallet calls (crash, restart), and close the multi-step
   * rounds left open too long (inhouse-steps.ts). Returns how many moved.
   */
  async function settleStaleRounds(before: Date = new Date(now().getTime() - STALE_ROUND_MS)): Promise<number> {
    const rounds = await findStalePendingRounds(db, before, 100);
    let done = await steps.closeAbandonedRounds();
    for (const round of rounds) {
      try {
        await settle(round);
        done++;
      } catch (err) {
        // Refusals are recorded on the round by settle(); anything else is retried on the next run.
        if (isAppError(err)) done++;
        else log.error({ err, roundId: round.roundId }, 'in-house round recovery failed');
      }
    }
    return done;
  }

  /** GET /ops/inhouse-games: each game's settings, its lab certificate and whether the licence in force hides it. */
  async function listGames(): Promise<OpsInhouseGame[]> {
    const [games, certs, hidden] = await Promise.all([
      settings.listGames(),
      certificates.listCertificates(),
      certificates.uncertifiedOriginals(),
    ]);
    return games.map((g) => ({
      ...g,
      needsCertificate: needsCertificate(g.game),
      certificate: certs.get(g.nodeId) ?? null,
      hiddenByLicence: hidden.has(g.nodeId),
    }));
  }

  // Crash: one shared round for every player (crash/); its driver runs in the periodic jobs.
  const crashService = createCrashService({
    db,
    log,
    gateway,
    settings,
    licence: ctx.licence,
  });
  const crashSettings = ctx.config?.crash ?? DEFAULT_CRASH_SETTINGS;
  const crash = {
    ...crashService,
    readState: () => readCrashState(db),
    readMonitor: () => readCrashMonitor(db),
    live: createCrashLive({
      changeFeed: ctx.changeFeed,
      log,
      // Only what changed since its last read (crash-state.ts).
      readState: createCrashStateReader(db),
      limits: ctx.config?.lotteryLive ?? { maxStreams: 20_000, perIp: 20 },
      processes: ctx.config?.crashLiveProcesses ?? 0,
    }),
    /** The round driver of this process (`instance` names it in crash_driver). */
    createDriver: (instance: string, overrides: Partial<typeof crashSettings> = {}) =>
      createCrashDriver({
        db,
        log,
        settings,
        crash: crashService,
        config: { ...crashSettings, ...overrides },
        instance,
      }),
  };

  // roundFairness: for the bet record's statements (inhouse-views.ts).
  // listGames, setGameSettings: the back office's in-house games (inhouse-settings.ts).
  return {
    openSession,
    requireSession,
    ...fair,
    play,
    startStepped: steps.start,
    stepRound: steps.step,
    findOpenRound: steps.findOpenRound,
    settleStaleRounds,
    crash,
    listGames,
    setGameSettings: settings.setGameSettings,
    certificates,
    /** The in-house games' figures per game and day, for the reporting module's report (inhouse-report.ts). */
    report: createInhouseReport(ctx),
    ...createInhouseViews(ctx),
  };
}

export type InhouseService = ReturnType<typeof createInhouseService>;
