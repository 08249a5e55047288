import type { Kysely } from 'kysely';
import type { OriginalsFigures, OriginalsReport } from '@wps/shared/schemas/reporting';
import { inhouseRtpBps } from '@wps/shared/schemas/inhouse-settings';
import type { InhouseGameKind } from '@wps/shared/schemas/inhouse';
import type { Database } from '../../db/schema';
import { createMemberViews } from '../member/member-views';
import { sumRoundsByGameAndDay, type ReportGroupRow } from './inhouse-report.repository';

type Db = Kysely<Database>;

/** The games whose RTP is their maths' (never set), which their oldest rounds did not keep. */
const FIXED_RTP = new Set<string>(['slot', 'dice']);

/** a ÷ b in basis points, rounded half up; null when b is 0. */
function bps(a: bigint, b: bigint): number | null {
  return b === 0n ? null : Number((a * 10_000n * 2n + b) / (b * 2n));
}

const NO_ROUNDS: ReportGroupRow = {
  game: null,
  day: null,
  rounds: 0n,
  players: 0n,
  staked: 0n,
  paid: 0n,
  rtpWeighted: 0n,
  rtpStaked: 0n,
  biggest: 0n,
};

/**
 * A group's figures. The RTP configured is the stake-weighted RTP its rounds were placed at; the
 * slot's and the dice's oldest rounds kept none, and theirs is fixed by their maths (inhouseRtpBps).
 */
function figures(r: ReportGroupRow, fixedRtpBps: number | null): OriginalsFigures {
  const unkept = r.staked - r.rtpStaked;
  const weighted = fixedRtpBps !== null ? r.rtpWeighted + unkept * BigInt(fixedRtpBps) : r.rtpWeighted;
  const weighedStake = fixedRtpBps !== null ? r.staked : r.rtpStaked;
  return {
    rounds: Number(r.rounds),
    players: Number(r.players),
    stakedMinor: r.staked.toString(),
    paidMinor: r.paid.toString(),
    ggrMinor: (r.staked - r.paid).toString(),
    rtpMeasuredBps: bps(r.paid, r.staked),
    rtpConfiguredBps: weighedStake === 0n ? null : Number((weighted * 2n + weighedStake) / (weighedStake * 2n)),
    biggestWinMinor: r.biggest.toString(),
  };
}

/**
 * The in-house games' report figures (GET /ops/reports/originals, shaped by the reporting module):
 * read from the rounds on the read replica while it keeps up, as every report (db/read-handle.ts);
 * trial (free-play) accounts' rounds, played with demo money, are left out.
 */
export function createInhouseReport(deps: { db: Db; readDb?: { current(): Db } | undefined }) {
  const reads = () => deps.readDb?.current() ?? deps.db;
  return {
    async originals(q: {
      from: Date;
      to: Date;
      timeZone: string;
    }): Promise<Pick<OriginalsReport, 'rows' | 'games' | 'totals'>> {
      const db = reads();
      const groups = await sumRoundsByGameAndDay(db, {
        ...q,
        members: createMemberViews({ db }).realMoneyAccounts(),
      });
      const fixed = (game: string) => (FIXED_RTP.has(game) ? inhouseRtpBps(game as InhouseGameKind) : null);
      const rows: OriginalsReport['rows'] = [];
      const games: OriginalsReport['games'] = [];
      let all: ReportGroupRow | undefined;
      for (const g of groups) {
        if (g.game === null) all = g;
        else if (g.day === null) games.push({ game: g.game, ...figures(g, fixed(g.game)) });
        else rows.push({ day: g.day, game: g.game, ...figures(g, fixed(g.game)) });
      }
      // All games together: the rounds that kept their RTP, and the slot's and the dice's fixed one
      // for those that did not.
      const fixedGames = groups.filter((g) => g.game !== null && g.day === null && FIXED_RTP.has(g.game));
      const unkeptStake = fixedGames.reduce((sum, g) => sum + (g.staked - g.rtpStaked), 0n);
      const unkept = fixedGames.reduce((sum, g) => sum + (g.staked - g.rtpStaked) * BigInt(fixed(g.game!)!), 0n);
      const everything = all ?? NO_ROUNDS;
      const totals = figures(
        { ...everything, rtpWeighted: everything.rtpWeighted + unkept, rtpStaked: everything.rtpStaked + unkeptStake },
        null,
      );
      rows.sort((a, b) => a.day.localeCompare(b.day) || a.game.localeCompare(b.game));
      return { rows, games, totals };
    },
  };
}

export type InhouseReport = ReturnType<typeof createInhouseReport>;
