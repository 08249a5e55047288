import { z } from 'zod';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

const closeBodySchema = z.object({ password: z.string().min(1).max(128) }).strict();

/** The player's rights over their data (docs/compliance.md, "Player rights"). */
export function registerPrivacyRoutes(app: RouteApp, services: AppServices): void {
  const { privacy } = services;

  // A download, not an envelope: the browser saves it as a file.
  app.get('/wps/member/data-export', { schema: { response: { 200: nonJson(['application/json'], 'The player\'s data, as a file') } } }, async (request, reply) => {
    const member = await requireMember(request);
    const data = await privacy.exportData(member.memberId);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="my-data-${data.generatedAt.slice(0, 10)}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.post('/wps/member/close', { schema: { body: closeBodySchema, response: success(z.object({ closed: z.literal(true) })) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await privacy.closeAccount(member.memberId, request.body.password));
  });
}
