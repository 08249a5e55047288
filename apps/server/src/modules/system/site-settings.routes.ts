import { licenceNotesSchema } from '@wps/shared/schemas/operator-identity';
import { siteSettingsUpdateBodySchema, siteSettingsViewSchema } from '@wps/shared/schemas/site-settings';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The back office's site settings: read (settings.read) and change with a reason (settings.write); the licence's notes on them. */
export function registerSiteSettingsRoutes(app: RouteApp, { siteSettings }: AppServices): void {
  app.get(
    '/ops/site-settings',
    { config: { permission: 'settings.read' }, schema: { response: success(siteSettingsViewSchema) } },
    async () => ok(await siteSettings.read()),
  );

  // What the licence would have otherwise (identification left blank, an address off its domain):
  // the site-settings screen and the dashboard warn with it.
  app.get(
    '/ops/site-settings/licence-notes',
    { config: { permission: 'settings.read' }, schema: { response: success(licenceNotesSchema) } },
    async () => ok(await siteSettings.licenceNotes()),
  );

  app.put(
    '/ops/site-settings',
    {
      config: { permission: 'settings.write' },
      schema: { body: siteSettingsUpdateBodySchema, response: success(siteSettingsViewSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await siteSettings.update({ actorType: 'operator', actorId: operator.operatorId }, request.body));
    },
  );
}
