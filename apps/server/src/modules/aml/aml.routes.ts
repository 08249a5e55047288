import { z } from 'zod';
import {
  addAmlPepBodySchema,
  amlCaseDetailSchema,
  amlCaseListQuerySchema,
  amlCaseParamsSchema,
  amlCasePageSchema,
  amlCoafReportSchema,
  amlMemberParamsSchema,
  amlNoteBodySchema,
  amlPepListSchema,
  amlPepParamsSchema,
  amlPlayerSchema,
  amlReasonBodySchema,
  openAmlCaseBodySchema,
  proposeAmlFilingBodySchema,
  removeAmlPepBodySchema,
} from '@wps/shared/schemas/aml';
import { ErrorCode } from '@wps/shared/error-codes';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const REVIEW = { permission: 'aml.review' } as const;

/**
 * Anti-money laundering in the back office (docs/compliance.md, "Anti-money laundering"): the case
 * queue and its steps, each player's rating and its recomputation (aml.review), and the sandbox PEP
 * list, which is the provider's configuration (settings.read / settings.write, like the sandbox
 * barred-persons list).
 */
export function registerAmlRoutes(app: RouteApp, services: AppServices): void {
  const { aml, amlPepSandbox } = services;
  const operatorId = async (request: Parameters<typeof requestOperator>[0]) =>
    (await requestOperator(request)).operatorId;
  const sandbox = () => {
    if (!amlPepSandbox)
      throw new AppError(ErrorCode.FEATURE_DISABLED, 'The sandbox PEP list is off on this server', {
        module: 'aml-pep-sandbox',
      });
    return amlPepSandbox;
  };
  const caseStep = { params: amlCaseParamsSchema, response: success(amlCaseDetailSchema) };

  app.get(
    '/ops/aml/cases',
    { config: REVIEW, schema: { querystring: amlCaseListQuerySchema, response: success(amlCasePageSchema) } },
    async (request) => ok(await aml.cases.list(request.query)),
  );

  app.post(
    '/ops/aml/cases',
    { config: REVIEW, schema: { body: openAmlCaseBodySchema, response: success(amlCaseDetailSchema) } },
    async (request) => ok(await aml.cases.open(await operatorId(request), request.body)),
  );

  app.get('/ops/aml/cases/:id', { config: REVIEW, schema: caseStep }, async (request) =>
    ok(await aml.cases.detail(request.params.id)),
  );

  app.post('/ops/aml/cases/:id/review', { config: REVIEW, schema: caseStep }, async (request) =>
    ok(await aml.cases.review(await operatorId(request), request.params.id)),
  );

  app.post(
    '/ops/aml/cases/:id/notes',
    { config: REVIEW, schema: { ...caseStep, body: amlNoteBodySchema } },
    async (request) => ok(await aml.cases.addNote(await operatorId(request), request.params.id, request.body.body)),
  );

  app.post(
    '/ops/aml/cases/:id/dismiss',
    { config: REVIEW, schema: { ...caseStep, body: amlReasonBodySchema } },
    async (request) => ok(await aml.cases.dismiss(await operatorId(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/ops/aml/cases/:id/propose-filing',
    { config: REVIEW, schema: { ...caseStep, body: proposeAmlFilingBodySchema } },
    async (request) =>
      ok(await aml.cases.proposeFiling(await operatorId(request), request.params.id, request.body.narrative)),
  );

  app.post(
    '/ops/aml/cases/:id/reject-filing',
    { config: REVIEW, schema: { ...caseStep, body: amlReasonBodySchema } },
    async (request) =>
      ok(await aml.cases.rejectFiling(await operatorId(request), request.params.id, request.body.reason)),
  );

  // Four eyes: never the operator who proposed the filing (AML_CASE_OWN_FILING).
  app.post('/ops/aml/cases/:id/approve-filing', { config: REVIEW, schema: caseStep }, async (request) =>
    ok(await aml.cases.approveFiling(await operatorId(request), request.params.id)),
  );

  app.get(
    '/ops/aml/cases/:id/report',
    { config: REVIEW, schema: { params: amlCaseParamsSchema, response: success(amlCoafReportSchema) } },
    async (request) => ok(await aml.cases.report(request.params.id)),
  );

  app.get(
    '/ops/aml/players/:memberId',
    { config: REVIEW, schema: { params: amlMemberParamsSchema, response: success(amlPlayerSchema) } },
    async (request) => ok(await aml.players.view(request.params.memberId)),
  );

  app.post(
    '/ops/aml/players/:memberId/rating',
    { config: REVIEW, schema: { params: amlMemberParamsSchema, response: success(amlPlayerSchema) } },
    async (request) => ok(await aml.players.rerate(request.params.memberId)),
  );

  app.get(
    '/ops/aml/pep-sandbox',
    { config: { permission: 'settings.read' }, schema: { response: success(amlPepListSchema) } },
    async () => ok({ list: amlPepSandbox ? await amlPepSandbox.list() : [], sandbox: amlPepSandbox !== null }),
  );

  app.post(
    '/ops/aml/pep-sandbox',
    {
      config: { permission: 'settings.write' },
      schema: { body: addAmlPepBodySchema, response: success(z.object({ id: z.string() })) },
    },
    async (request) => ok(await sandbox().add(await operatorId(request), request.body)),
  );

  app.post(
    '/ops/aml/pep-sandbox/:id/remove',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: amlPepParamsSchema,
        body: removeAmlPepBodySchema,
        response: success(z.object({ removed: z.boolean() })),
      },
    },
    async (request) =>
      ok({ removed: await sandbox().remove(await operatorId(request), request.params.id, request.body.note) }),
  );
}
