import {
  opsLotteryDrawDetailSchema,
  opsLotteryDrawParamsSchema,
  opsLotteryDrawsPageSchema,
  opsLotteryDrawsQuerySchema,
  opsLotteryQueueSchema,
  opsLotteryEntryParamsSchema,
  opsLotteryEntrySchema,
  opsLotteryGameBodySchema,
  opsLotteryGameParamsSchema,
  opsLotteryGameSchema,
  opsLotteryGamesSchema,
  opsLotteryReportQuerySchema,
  opsLotteryReportSchema,
  opsLotteryResultBodySchema,
  opsLotteryReviewBodySchema,
  opsLotteryReviewResultSchema,
  opsLotteryVoidBodySchema,
  opsLotteryVoidParamsSchema,
  opsLotteryVoidQueueSchema,
  opsLotteryVoidResultSchema,
  opsLotteryVoidReviewResultSchema,
} from '@wps/shared/schemas/lottery-ops';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import type { DrawRow } from './lottery-draws.repository';
import type { GameRow } from './lottery-games.repository';
import type { ResultEntryRow } from './lottery-results.repository';
import type { VoidRequestRow } from './lottery-voids.repository';
import { drawView } from './lottery-reads';

const READ = { permission: 'lottery.read' } as const;
const WRITE = { permission: 'lottery.write' } as const;
const RESULTS = { permission: 'lottery.results' } as const;

function opsDraw(d: DrawRow) {
  return {
    ...drawView(d),
    drawId: d.id,
    voidReason: d.voidReason,
    ticketCount: d.ticketCount,
    stakeMinor: d.stakeMinor.toString(),
    payoutMinor: d.payoutMinor.toString(),
    payoutCapMinor: d.payoutCapMinor?.toString() ?? null,
    grossPayoutMinor: d.grossPayoutMinor?.toString() ?? null,
    drawnAt: d.drawnAt?.toISOString() ?? null,
    settledAt: d.settledAt?.toISOString() ?? null,
    voidedAt: d.voidedAt?.toISOString() ?? null,
  };
}

type Names = ReadonlyMap<string, string>;

function opsEntry(e: ResultEntryRow, names: Names) {
  return {
    entryId: e.id,
    drawId: e.drawId,
    result: e.result,
    enteredBy: e.enteredBy,
    enteredByName: names.get(e.enteredBy) ?? null,
    enteredAt: e.enteredAt.toISOString(),
    status: e.status,
    reviewedBy: e.reviewedBy,
    reviewedByName: e.reviewedBy === null ? null : (names.get(e.reviewedBy) ?? null),
    reviewedAt: e.reviewedAt?.toISOString() ?? null,
    reason: e.reason,
  };
}

function opsVoidRequest(v: VoidRequestRow, names: Names) {
  return {
    requestId: v.id,
    drawId: v.drawId,
    reason: v.reason,
    knownResult: v.knownResult,
    requestedBy: v.requestedBy,
    requestedByName: names.get(v.requestedBy) ?? null,
    requestedAt: v.requestedAt.toISOString(),
    status: v.status,
    decidedBy: v.decidedBy,
    decidedByName: v.decidedBy === null ? null : (names.get(v.decidedBy) ?? null),
    decidedAt: v.decidedAt?.toISOString() ?? null,
    decisionReason: v.decisionReason,
  };
}

function opsGame(
  g: GameRow & { edges: { betType: string; variant: string | null; edgePercent: string }[]; hiddenByLicence: boolean },
) {
  const l = g.limits;
  return {
    ...g,
    limits: {
      minStakeMinor: l.minStakeMinor.toString(),
      maxStakeMinor: l.maxStakeMinor.toString(),
      perKeyMinor: l.perKeyMinor.toString(),
      perTicketMinor: l.perTicketMinor.toString(),
      perDrawMinor: l.perDrawMinor.toString(),
    },
  };
}

/** The back office's lottery: games and their paytables, draws and liability, results with four eyes, voids. */
export function registerLotteryOpsRoutes(app: RouteApp, { lottery, operators }: AppServices): void {
  const { ops, results, voids } = lottery;
  const namesOfIds = (ids: string[]): Promise<Names> =>
    ids.length ? operators.namesOf([...new Set(ids)]) : Promise.resolve(new Map());
  /** The usernames of the operators who typed and reviewed these entries. */
  const namesOf = (entries: ResultEntryRow[]): Promise<Names> =>
    namesOfIds(entries.flatMap((e) => (e.reviewedBy === null ? [e.enteredBy] : [e.enteredBy, e.reviewedBy])));
  const entryView = async (e: ResultEntryRow) => opsEntry(e, await namesOf([e]));
  /** The usernames of the operators who asked for and decided these voids. */
  const voidNames = (requests: VoidRequestRow[]): Promise<Names> =>
    namesOfIds(requests.flatMap((v) => (v.decidedBy === null ? [v.requestedBy] : [v.requestedBy, v.decidedBy])));
  const voidView = async (v: VoidRequestRow) => opsVoidRequest(v, await voidNames([v]));

  app.get('/ops/lottery/games', { config: READ, schema: { response: success(opsLotteryGamesSchema) } }, async () =>
    ok((await ops.games()).map(opsGame)),
  );

  app.put(
    '/ops/lottery/games/:gameCode',
    {
      config: WRITE,
      schema: {
        params: opsLotteryGameParamsSchema,
        body: opsLotteryGameBodySchema,
        response: success(opsLotteryGameSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const { reason, limits, ...rest } = request.body;
      const changed = await ops.changeGame(
        operator.operatorId,
        request.params.gameCode,
        {
          ...rest,
          limits: {
            minStakeMinor: BigInt(limits.minStakeMinor),
            maxStakeMinor: BigInt(limits.maxStakeMinor),
            perKeyMinor: BigInt(limits.perKeyMinor),
            perTicketMinor: BigInt(limits.perTicketMinor),
            perDrawMinor: BigInt(limits.perDrawMinor),
          },
        },
        reason,
      );
      return ok(opsGame(changed));
    },
  );

  app.get(
    '/ops/lottery/draws',
    { config: READ, schema: { querystring: opsLotteryDrawsQuerySchema, response: success(opsLotteryDrawsPageSchema) } },
    async (request) => {
      const page = await ops.draws(request.query);
      return ok({ list: page.list.map(opsDraw), next: page.next });
    },
  );

  app.get(
    '/ops/lottery/draws/:drawId',
    { config: READ, schema: { params: opsLotteryDrawParamsSchema, response: success(opsLotteryDrawDetailSchema) } },
    async (request) => {
      const [d, pendingVoid] = await Promise.all([
        ops.draw(request.params.drawId),
        voids.pendingFor(request.params.drawId),
      ]);
      return ok({
        draw: opsDraw(d.draw),
        exposure: d.exposure.map((e) => ({ key: e.key, payoutMinor: e.payoutMinor.toString() })),
        tickets: Object.fromEntries(
          Object.entries(d.tickets).map(([k, v]) => [k, { count: v.count, stakeMinor: v.stakeMinor.toString() }]),
        ),
        pendingEntry: d.pendingEntry ? await entryView(d.pendingEntry) : null,
        pendingVoid: pendingVoid ? await voidView(pendingVoid) : null,
      });
    },
  );

  app.get(
    '/ops/lottery/results/pending',
    { config: READ, schema: { response: success(opsLotteryQueueSchema) } },
    async () => {
      const entries = await ops.pendingEntries();
      const names = await namesOf(entries);
      return ok(entries.map((e) => ({ ...opsEntry(e, names), gameCode: e.gameCode, numero: e.numero })));
    },
  );

  app.post(
    '/ops/lottery/draws/:drawId/results',
    {
      config: RESULTS,
      schema: {
        params: opsLotteryDrawParamsSchema,
        body: opsLotteryResultBodySchema,
        response: success(opsLotteryEntrySchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await entryView(
          await results.enter({ operatorId: operator.operatorId }, request.params.drawId, request.body.result),
        ),
      );
    },
  );

  app.post(
    '/ops/lottery/results/:entryId/review',
    {
      config: RESULTS,
      schema: {
        params: opsLotteryEntryParamsSchema,
        body: opsLotteryReviewBodySchema,
        response: success(opsLotteryReviewResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const reviewed = await results.review({ operatorId: operator.operatorId }, request.params.entryId, request.body);
      return ok({ entry: await entryView(reviewed.entry), draw: opsDraw(reviewed.draw) });
    },
  );

  app.post(
    '/ops/lottery/draws/:drawId/void',
    {
      config: RESULTS,
      schema: {
        params: opsLotteryDrawParamsSchema,
        body: opsLotteryVoidBodySchema,
        response: success(opsLotteryVoidResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const { draw, request: waiting } = await voids.voidDraw(
        { operatorId: operator.operatorId },
        request.params.drawId,
        request.body.reason,
      );
      return ok({ draw: opsDraw(draw), voidRequest: waiting ? await voidView(waiting) : null });
    },
  );

  app.get(
    '/ops/lottery/voids/pending',
    { config: READ, schema: { response: success(opsLotteryVoidQueueSchema) } },
    async () => {
      const waiting = await voids.pending();
      const names = await voidNames(waiting);
      return ok(waiting.map((v) => ({ ...opsVoidRequest(v, names), gameCode: v.gameCode, numero: v.numero })));
    },
  );

  app.post(
    '/ops/lottery/voids/:requestId/review',
    {
      config: RESULTS,
      schema: {
        params: opsLotteryVoidParamsSchema,
        body: opsLotteryReviewBodySchema,
        response: success(opsLotteryVoidReviewResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const decided = await voids.review({ operatorId: operator.operatorId }, request.params.requestId, request.body);
      return ok({ voidRequest: await voidView(decided.request), draw: opsDraw(decided.draw) });
    },
  );

  app.get(
    '/ops/lottery/reports',
    { config: READ, schema: { querystring: opsLotteryReportQuerySchema, response: success(opsLotteryReportSchema) } },
    async (request) => {
      const { from, to, gameCode } = request.query;
      const rows = await ops.report({ from: new Date(from), to: new Date(to), gameCode });
      return ok({
        from,
        to,
        rows: rows.map((r) => ({
          ...r,
          stakeMinor: r.stakeMinor.toString(),
          payoutMinor: r.payoutMinor.toString(),
          ggrMinor: r.ggrMinor.toString(),
        })),
      });
    },
  );
}
