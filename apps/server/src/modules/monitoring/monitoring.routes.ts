import { z } from 'zod';
import {
  monitoringSettingsSchema,
  opsMonitoringCloseBodySchema,
  opsMonitoringFlagDetailSchema,
  opsMonitoringListQuerySchema,
  opsMonitoringNoteBodySchema,
  opsMonitoringPageSchema,
  opsMonitoringScanSchema,
} from '@wps/shared/schemas/monitoring';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const REVIEW = { permission: 'monitoring.review' } as const;
const flagParams = z.object({ id: z.string().regex(/^\d{1,19}$/) });

/** Behaviour monitoring in the back office (docs/compliance.md, "Behaviour monitoring"): flags, notes, outcomes, thresholds. */
export function registerMonitoringRoutes(app: RouteApp, services: AppServices): void {
  const { monitoring } = services;

  app.get(
    '/ops/monitoring/flags',
    {
      config: REVIEW,
      schema: { querystring: opsMonitoringListQuerySchema, response: success(opsMonitoringPageSchema) },
    },
    async (request) => ok(await monitoring.list(request.query)),
  );

  app.get(
    '/ops/monitoring/flags/:id',
    { config: REVIEW, schema: { params: flagParams, response: success(opsMonitoringFlagDetailSchema) } },
    async (request) => ok(await monitoring.detail(request.params.id)),
  );

  app.post(
    '/ops/monitoring/flags/:id/notes',
    {
      config: REVIEW,
      schema: {
        params: flagParams,
        body: opsMonitoringNoteBodySchema,
        response: success(opsMonitoringFlagDetailSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await monitoring.addNote(operator.operatorId, request.params.id, request.body.body));
    },
  );

  app.post(
    '/ops/monitoring/flags/:id/close',
    {
      config: REVIEW,
      schema: {
        params: flagParams,
        body: opsMonitoringCloseBodySchema,
        response: success(opsMonitoringFlagDetailSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await monitoring.close(operator.operatorId, request.params.id, request.body));
    },
  );

  // The same scan the hourly job runs, at once: flags are raised once per player, rule and period, so running it again adds nothing.
  app.post(
    '/ops/monitoring/scan',
    { config: REVIEW, schema: { response: success(opsMonitoringScanSchema) } },
    async () => ok({ raised: await monitoring.scan() }),
  );

  app.get(
    '/ops/monitoring/settings',
    { config: REVIEW, schema: { response: success(monitoringSettingsSchema) } },
    async () => ok(await monitoring.settings()),
  );

  app.put(
    '/ops/monitoring/settings',
    {
      config: { permission: 'settings.write' },
      schema: { body: monitoringSettingsSchema, response: success(monitoringSettingsSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await monitoring.saveSettings(operator.operatorId, request.body));
    },
  );
}
