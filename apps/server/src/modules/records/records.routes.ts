import { z } from 'zod';
import {
  regulatorExportListQuerySchema,
  regulatorExportPageSchema,
  regulatorExportRerunSchema,
  regulatorExportRunSchema,
  regulatorExportStateSchema,
} from '@wps/shared/schemas/regulator-export';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const EXPORTS = { permission: 'compliance.exports' } as const;
const fileParams = z.object({ id: z.string().min(1).max(20), name: z.string().min(1).max(100) });

/** The daily regulator export in the back office: its runs, a file's download and a day's re-run. */
export function registerRecordsRoutes(app: RouteApp, services: AppServices): void {
  const exports = services.records.exports;

  app.get(
    '/ops/compliance/exports',
    {
      config: EXPORTS,
      schema: { querystring: regulatorExportListQuerySchema, response: success(regulatorExportPageSchema) },
    },
    async (request) => ok(await exports.list(request.query)),
  );

  app.get(
    '/ops/compliance/exports/state',
    { config: EXPORTS, schema: { response: success(regulatorExportStateSchema) } },
    async () => ok(await exports.state()),
  );

  app.post(
    '/ops/compliance/exports/rerun',
    {
      config: EXPORTS,
      schema: {
        body: regulatorExportRerunSchema,
        response: success(
          regulatorExportRunSchema.pick({ id: true, operatorDay: true, version: true, checksum: true, counts: true }),
        ),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const run = await exports.rerun(request.body.day, {
        operatorId: operator.operatorId,
        reason: request.body.reason,
      });
      return ok({ id: run.id, operatorDay: run.day, version: run.version, checksum: run.checksum, counts: run.counts });
    },
  );

  // The stored bytes as they were written, with their SHA-256 in a header to check the download by.
  app.get(
    '/ops/compliance/exports/:id/files/:name',
    {
      config: EXPORTS,
      schema: {
        params: fileParams,
        response: { 200: nonJson(['application/x-ndjson', 'application/json'], 'One stored file of a run') },
      },
    },
    async (request, reply) => {
      const file = await exports.file(request.params.id, request.params.name);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-sha256', file.sha256)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}
