import { z } from 'zod';
import {
  dryRunBodySchema,
  dryRunResultSchema,
  grantIdParamsSchema,
  grantRejectBodySchema,
  grantSchema,
  rewardSettingsSchema,
  ruleInputSchema,
  ruleListSchema,
  ruleSchema,
  ruleStatusBodySchema,
  GRANT_LIST_STATUSES,
  opsGrantSchema,
} from '@wps/shared/schemas/rewards';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ErrorCode } from '@wps/shared/error-codes';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const versioned = z.object({ version: z.coerce.number().int().min(1) });

const opsGrantQuerySchema = z.object({
  status: z.enum(GRANT_LIST_STATUSES).optional(),
  source: z.string().max(20).optional(),
  memberId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const engineStateSchema = z.object({
  consumers: z.array(
    z.object({ subscriber: z.string(), applied: z.string(), behind: z.string(), updatedAt: z.string() }),
  ),
});

/** The back office's rewards engine: rules with their dry run, the jurisdiction profile, grants (held ones released or rejected), the consumers' state. */
export function registerRewardsOpsRoutes(app: RouteApp, services: AppServices): void {
  const { rewards, rewardEvents } = services;
  const operatorId = async (request: Parameters<typeof requestOperator>[0]) =>
    (await requestOperator(request)).operatorId;

  app.get(
    '/ops/rewards/rules',
    { config: { permission: 'rewards.read' }, schema: { response: success(ruleListSchema) } },
    async () => ok({ list: await rewards.rules.list() }),
  );

  app.get(
    '/ops/rewards/rules/:id',
    { config: { permission: 'rewards.read' }, schema: { params: idParams, response: success(ruleSchema) } },
    async (request) => ok(await rewards.rules.get(request.params.id)),
  );

  app.post(
    '/ops/rewards/rules',
    { config: { permission: 'rewards.write' }, schema: { body: ruleInputSchema, response: success(ruleSchema) } },
    async (request) => ok(await rewards.rules.create(await operatorId(request), request.body)),
  );

  app.put(
    '/ops/rewards/rules/:id',
    {
      config: { permission: 'rewards.write' },
      schema: { params: idParams, querystring: versioned, body: ruleInputSchema, response: success(ruleSchema) },
    },
    async (request) =>
      ok(await rewards.rules.update(await operatorId(request), request.params.id, request.query.version, request.body)),
  );

  app.post(
    '/ops/rewards/rules/:id/status',
    {
      config: { permission: 'rewards.write' },
      schema: { params: idParams, body: ruleStatusBodySchema, response: success(ruleSchema) },
    },
    async (request) =>
      ok(
        await rewards.rules.setStatus(
          await operatorId(request),
          request.params.id,
          request.body.status,
          request.body.version,
        ),
      ),
  );

  app.post(
    '/ops/rewards/dry-run',
    {
      config: { permission: 'rewards.read' },
      schema: { body: dryRunBodySchema, response: success(dryRunResultSchema) },
    },
    async (request) => {
      const from = new Date(request.body.from);
      const until = new Date(request.body.until);
      if (until.getTime() <= from.getTime() || until.getTime() - from.getTime() > 366 * 86_400_000) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'The window runs forward and spans at most a year', {
          fields: { until: 'range' },
        });
      }
      return ok(await rewards.rules.dryRun(request.body.rule, from, until));
    },
  );

  // The licence's profile the rules are checked against, for the rewards screen; it is changed on
  // the licence screen (POST /ops/licence/changes), with a second operator.
  app.get(
    '/ops/rewards/settings',
    { config: { permission: 'rewards.read' }, schema: { response: success(rewardSettingsSchema) } },
    async () => ok({ jurisdiction: await rewards.rules.getJurisdiction() }),
  );

  app.get(
    '/ops/rewards/grants',
    {
      config: { permission: 'rewards.read' },
      schema: { querystring: opsGrantQuerySchema, response: success(z.object({ list: z.array(opsGrantSchema) })) },
    },
    async (request) => {
      const { before, limit, ...filter } = request.query;
      return ok({ list: await rewards.grants.listForOps(filter, before, limit) });
    },
  );

  // A release of money above the operator money policy's thresholds answers the grant still held,
  // with who asked and the thresholds passed (releaseAskedBy, releaseWaitReasons).
  app.post(
    '/ops/rewards/grants/:id/release',
    {
      config: { licenceDoors: ['reward.pay'], permission: 'rewards.write' },
      schema: { params: grantIdParamsSchema, body: grantRejectBodySchema, response: success(opsGrantSchema) },
    },
    async (request) =>
      ok(await rewards.grants.release(await operatorId(request), request.params.id, request.body.reason)),
  );

  // The second operator's approval of a release that waits: the money permission of manual credits
  // (the policy's kind reward_release), never the asker.
  app.post(
    '/ops/rewards/grants/:id/release/approve',
    {
      config: { licenceDoors: ['reward.pay'], permission: 'adjustments.approve' },
      schema: { params: grantIdParamsSchema, body: grantRejectBodySchema, response: success(opsGrantSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await rewards.grants.approveRelease(
          { operatorId: operator.operatorId, role: operator.role },
          request.params.id,
          request.body.reason,
        ),
      );
    },
  );

  app.post(
    '/ops/rewards/grants/:id/reject',
    {
      config: { permission: 'rewards.write' },
      schema: { params: grantIdParamsSchema, body: grantRejectBodySchema, response: success(grantSchema) },
    },
    async (request) =>
      ok(await rewards.grants.reject(await operatorId(request), request.params.id, request.body.reason)),
  );

  app.get(
    '/ops/rewards/engine',
    { config: { permission: 'rewards.read' }, schema: { response: success(engineStateSchema) } },
    async () =>
      ok({ consumers: (await rewardEvents.states()).map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() })) }),
  );
}
