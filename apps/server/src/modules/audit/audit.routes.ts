import type { AuditFilter, AuditSearchEntry } from '@wps/shared/schemas/audit';
import { auditExportQuerySchema, auditSearchPageSchema, auditSearchQuerySchema } from '@wps/shared/schemas/audit';
import type { RouteApp } from '../../app-types';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import type { AuditEntryView, AuditSearchInput } from './audit.service';
import { auditChainResultSchema } from '@wps/shared/schemas/audit-chain';

/** A stored actor id that can never match (an operator filter for an unknown username). */
const NO_ACTOR = '-';

/**
 * The search as stored values: the actor filter names an operator by username; any other value
 * is a system actor as stored (`ops-cli:<user>`).
 */
export async function auditSearchInput(
  services: Pick<AppServices, 'operators'>,
  q: AuditFilter,
): Promise<AuditSearchInput> {
  let actor: AuditSearchInput['actor'];
  if (q.actor) {
    const operator = await services.operators.findOperator(q.actor);
    if (operator) actor = { types: ['operator'], id: operator.operatorId };
    else actor = { types: ['system', 'member'], id: q.actor.includes(':') ? q.actor : NO_ACTOR };
  }
  return { actor, action: q.action, subjectType: q.subjectType, subjectId: q.subjectId, from: q.from, to: q.to };
}

/** Each entry with its actor's name: the operator's username, or the stored system actor. */
export async function withActorNames(
  services: Pick<AppServices, 'operators'>,
  entries: AuditEntryView[],
): Promise<AuditSearchEntry[]> {
  const ids = [...new Set(entries.filter((e) => e.actorType === 'operator' && e.actorId).map((e) => e.actorId!))];
  const names = ids.length ? await services.operators.namesOf(ids) : new Map<string, string>();
  return entries.map((e) => ({
    ...e,
    actorName: e.actorType === 'operator' ? (names.get(e.actorId ?? '') ?? null) : e.actorId,
  }));
}

/** The audit log for the back office: filtered, keyset-paged search and the CSV export. */
export function registerAuditRoutes(app: RouteApp, services: AppServices): void {
  const { audit } = services;

  // The hash chain's check (docs/compliance.md, "Records, audit and reports"): reads the whole log,
  // checks each link's keyed seal, and compares the heads the stored regulator exports kept.
  app.post(
    '/ops/audit/chain/verify',
    { config: { permission: 'audit.read' }, schema: { response: success(auditChainResultSchema) } },
    async () => ok(await audit.verifyChain(await services.records.exports.auditChainAnchors())),
  );

  app.get(
    '/ops/audit',
    {
      config: { permission: 'audit.read' },
      schema: { querystring: auditSearchQuerySchema, response: success(auditSearchPageSchema) },
    },
    async (request) => {
      const { page, pageSize, order, sort: _sort, ...filter } = request.query;
      const found = await audit.search(await auditSearchInput(services, filter), { order, page, pageSize });
      return ok({ ...found, list: await withActorNames(services, found.list) });
    },
  );

  // The filtered log as CSV, streamed in keyset pages; before and after as JSON text.
  app.get(
    '/ops/audit/csv',
    {
      config: { permission: 'audit.read' },
      schema: {
        querystring: auditExportQuerySchema,
        response: { 200: nonJson(['text/csv'], 'The matching audit entries as CSV, in time order') },
      },
    },
    async (request, reply) => {
      const { order, sort: _sort, ...filter } = request.query;
      const input = await auditSearchInput(services, filter);
      return sendCsv<AuditSearchEntry, string>(reply, {
        filename: 'audit-log',
        columns: [
          { header: 'id', value: (e) => e.id },
          { header: 'at', value: (e) => e.at },
          { header: 'actor_type', value: (e) => e.actorType },
          { header: 'actor', value: (e) => e.actorName ?? e.actorId },
          { header: 'action', value: (e) => e.action },
          { header: 'subject_type', value: (e) => e.subjectType },
          { header: 'subject_id', value: (e) => e.subjectId },
          { header: 'reason', value: (e) => e.reason },
          { header: 'before', value: (e) => (e.before === null ? null : JSON.stringify(e.before)) },
          { header: 'after', value: (e) => (e.after === null ? null : JSON.stringify(e.after)) },
        ],
        fetchPage: async (after: string | null, limit) =>
          withActorNames(services, await audit.exportPage(input, order, after, limit)),
        cursorOf: (e) => e.id,
      });
    },
  );
}
