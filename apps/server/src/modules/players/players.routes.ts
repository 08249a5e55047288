import {
  playerAuditQuerySchema,
  playerBalancesSchema,
  playerDepositsPageSchema,
  playerDepositsQuerySchema,
  playerIdParamsSchema,
  playerInhouseRoundsPageSchema,
  playerInhouseRoundsQuerySchema,
  playerLedgerPageSchema,
  playerLedgerQuerySchema,
  playerNoticesPageSchema,
  playerNoticesQuerySchema,
  playerProfileSchema,
  playerRoundsPageSchema,
  playerRoundsQuerySchema,
  playerSearchPageSchema,
  playerSearchQuerySchema,
  playerSessionsPageSchema,
  playerSessionsQuerySchema,
  playerWithdrawalsPageSchema,
  playerWithdrawalsQuerySchema,
} from '@wps/shared/schemas/players';
import { auditPageSchema } from '@wps/shared/schemas/operator';
import type { RouteApp } from '../../app-types';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import type { AppServices } from '../../services';

const READ = { permission: 'players.read' } as const;
const csvResponse = (what: string) => ({
  200: nonJson(['text/csv'], `${what} as CSV, newest first (every matching row)`),
});
const noPaging = { cursor: true, limit: true } as const;
type Row<F extends (...args: never[]) => Promise<{ list: unknown[] }>> = Awaited<ReturnType<F>>['list'][number];

/** The back office's player search and player page (read-only; every list keyset-paged). */
export function registerPlayersRoutes(app: RouteApp, services: AppServices): void {
  const { players } = services;
  const params = playerIdParamsSchema;

  app.get(
    '/ops/players',
    { config: READ, schema: { querystring: playerSearchQuerySchema, response: success(playerSearchPageSchema) } },
    async (request) => {
      return ok(await players.search(request.query));
    },
  );

  app.get(
    '/ops/players/:memberId',
    { config: READ, schema: { params, response: success(playerProfileSchema) } },
    async (request) => {
      return ok(await players.getProfile(request.params.memberId));
    },
  );

  app.get(
    '/ops/players/:memberId/balances',
    { config: READ, schema: { params, response: success(playerBalancesSchema) } },
    async (request) => {
      return ok(await players.getBalances(request.params.memberId));
    },
  );

  app.get(
    '/ops/players/:memberId/ledger',
    {
      config: READ,
      schema: { params, querystring: playerLedgerQuerySchema, response: success(playerLedgerPageSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listLedger(request.params.memberId, request.query));
    },
  );

  app.get(
    '/ops/players/:memberId/deposits',
    {
      config: READ,
      schema: { params, querystring: playerDepositsQuerySchema, response: success(playerDepositsPageSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listDeposits(request.params.memberId, request.query));
    },
  );

  app.get(
    '/ops/players/:memberId/withdrawals',
    {
      config: READ,
      schema: { params, querystring: playerWithdrawalsQuerySchema, response: success(playerWithdrawalsPageSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listWithdrawals(request.params.memberId, request.query));
    },
  );

  app.get(
    '/ops/players/:memberId/rounds',
    {
      config: READ,
      schema: { params, querystring: playerRoundsQuerySchema, response: success(playerRoundsPageSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listRounds(request.params.memberId, request.query));
    },
  );

  app.get(
    '/ops/players/:memberId/inhouse-rounds',
    {
      config: READ,
      schema: { params, querystring: playerInhouseRoundsQuerySchema, response: success(playerInhouseRoundsPageSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listInhouseRounds(request.params.memberId, request.query));
    },
  );

  app.get(
    '/ops/players/:memberId/sessions',
    {
      config: READ,
      schema: { params, querystring: playerSessionsQuerySchema, response: success(playerSessionsPageSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listSessions(request.params.memberId, request.query));
    },
  );

  app.get(
    '/ops/players/:memberId/notices',
    {
      config: READ,
      schema: { params, querystring: playerNoticesQuerySchema, response: success(playerNoticesPageSchema) },
    },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listNotices(request.params.memberId, request.query));
    },
  );

  app.get(
    '/ops/players/:memberId/audit',
    { config: READ, schema: { params, querystring: playerAuditQuerySchema, response: success(auditPageSchema) } },
    async (request) => {
      await players.requirePlayer(request.params.memberId);
      return ok(await players.listAudit(request.params.memberId, request.query));
    },
  );

  // CSV exports of the long lists: the same filters, every matching row, read a keyset page at a time.
  app.get(
    '/ops/players/:memberId/ledger/csv',
    {
      config: READ,
      schema: {
        params,
        querystring: playerLedgerQuerySchema.omit(noPaging),
        response: csvResponse('The ledger entries'),
      },
    },
    async (request, reply) => {
      const { memberId } = request.params;
      await players.requirePlayer(memberId);
      return sendCsv<Row<typeof players.listLedger>, string>(reply, {
        filename: `player-${memberId}-ledger`,
        columns: [
          { header: 'entry_id', value: (r) => r.entryId },
          { header: 'transaction_id', value: (r) => r.transactionId },
          { header: 'created_at', value: (r) => r.createdAt },
          { header: 'account', value: (r) => r.purpose },
          { header: 'kind', value: (r) => r.kind },
          { header: 'amount_minor', value: (r) => r.amountMinor },
          { header: 'balance_after_minor', value: (r) => r.balanceAfterMinor },
          { header: 'reference', value: (r) => r.reference },
        ],
        fetchPage: async (after, limit) =>
          (await players.listLedger(memberId, { ...request.query, cursor: after ?? undefined, limit })).list,
        cursorOf: (r) => r.entryId,
      });
    },
  );

  app.get(
    '/ops/players/:memberId/rounds/csv',
    {
      config: READ,
      schema: { params, querystring: playerRoundsQuerySchema.omit(noPaging), response: csvResponse('The game rounds') },
    },
    async (request, reply) => {
      const { memberId } = request.params;
      await players.requirePlayer(memberId);
      return sendCsv<Row<typeof players.listRounds>, string>(reply, {
        filename: `player-${memberId}-rounds`,
        columns: [
          { header: 'id', value: (r) => r.id },
          { header: 'vendor', value: (r) => r.vassalage },
          { header: 'round_id', value: (r) => r.roundId },
          { header: 'game', value: (r) => r.nodeId },
          { header: 'status', value: (r) => r.status },
          { header: 'bet_minor', value: (r) => r.totalBetMinor },
          { header: 'win_minor', value: (r) => r.totalWinMinor },
          { header: 'refund_minor', value: (r) => r.totalRefundMinor },
          { header: 'created_at', value: (r) => r.createdAt },
          { header: 'settled_at', value: (r) => r.settledAt },
        ],
        fetchPage: async (after, limit) =>
          (await players.listRounds(memberId, { ...request.query, cursor: after ?? undefined, limit })).list,
        cursorOf: (r) => r.id,
      });
    },
  );

  app.get(
    '/ops/players/:memberId/inhouse-rounds/csv',
    {
      config: READ,
      schema: {
        params,
        querystring: playerInhouseRoundsQuerySchema.omit(noPaging),
        response: csvResponse('The in-house rounds with their fairness data'),
      },
    },
    async (request, reply) => {
      const { memberId } = request.params;
      await players.requirePlayer(memberId);
      return sendCsv<Row<typeof players.listInhouseRounds>, string>(reply, {
        filename: `player-${memberId}-inhouse-rounds`,
        columns: [
          { header: 'id', value: (r) => r.id },
          { header: 'round_id', value: (r) => r.roundId },
          { header: 'game', value: (r) => r.game },
          { header: 'status', value: (r) => r.status },
          { header: 'stake_minor', value: (r) => r.stakeMinor },
          { header: 'payout_minor', value: (r) => r.payoutMinor },
          { header: 'server_seed_hash', value: (r) => r.serverSeedHash },
          { header: 'server_seed', value: (r) => r.serverSeed },
          { header: 'client_seed', value: (r) => r.clientSeed },
          { header: 'nonce', value: (r) => r.nonce },
          { header: 'outcome', value: (r) => JSON.stringify(r.outcome) },
          { header: 'created_at', value: (r) => r.createdAt },
        ],
        fetchPage: async (after, limit) =>
          (await players.listInhouseRounds(memberId, { ...request.query, cursor: after ?? undefined, limit })).list,
        cursorOf: (r) => r.id,
      });
    },
  );
}
