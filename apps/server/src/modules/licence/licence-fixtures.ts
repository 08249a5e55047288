import type { JurisdictionProfile } from '@wps/shared/licence';
import type { AppServices } from '../../services';

/**
 * Tests: set the operator's licence profile as the ops console's `licence:set` does (alone,
 * audited, still refused while live set-ups break it). A test of the switch itself goes through
 * the back office's routes with two operators (licence.test.ts).
 */
export async function setLicence(app: { services: Pick<AppServices, 'licence'> }, profile: JurisdictionProfile) {
  await app.services.licence.changes.setFromConsole(profile, 'test set-up', {
    actorType: 'system',
    actorId: 'test',
  });
}
