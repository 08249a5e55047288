import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { WhitelabelModule } from '@wps/shared/constants';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { CheckField } from './fields';
import { SettingsForm } from './settings-form';
import { reasonSchema } from '../settings-schemas';
import { localeTag } from '../../../lib/i18n';
import { useNewDeviceSummary } from '../api/new-device-summary';

type SwitchValues = Pick<SiteSettings, 'modules' | 'loginToHome' | 'modalsDraggable' | 'newDeviceVerification'> & {
  reason: string;
};

const schema = siteSettingsSchema
  .pick({ modules: true, loginToHome: true, modalsDraggable: true, newDeviceVerification: true })
  .extend({ reason: reasonSchema });

/**
 * Under the new-device switch: how many active accounts no login code can reach (no mobile, no
 * e-mail: every register-centre account), which then need their agent to let a login through.
 */
export function NoContactNote() {
  const { t, i18n } = useTranslation('site-settings');
  const summary = useNewDeviceSummary();
  if (!summary.data) return null;
  const count = summary.data.activeWithoutContact;
  return (
    <p className="field__hint" role="note">
      {t('switches.newDeviceNoContact', { count, n: new Intl.NumberFormat(localeTag(i18n.language)).format(count) })}
    </p>
  );
}

/** The switches in the groups the player site's module tree uses. */
const GROUPS: { id: string; modules: WhitelabelModule[] }[] = [
  { id: 'registration', modules: ['DIRECTREG3', 'USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3', 'MOBILENUMPASSREG3'] },
  { id: 'login', modules: ['MOBILEVERCODELOGIN3', 'FREEPLAY3'] },
  { id: 'passwords', modules: ['PWDEXPFORCECHANGE3', 'CHNGPASSVERIF3'] },
  { id: 'points', modules: ['PTSYS3'] },
];

/** The whitelabel switches (ways to register and log in, password rules, points), where a login lands and whether dialogs move. */
export function SwitchesSection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const { modules, loginToHome, modalsDraggable, newDeviceVerification } = view.values;
  return (
    <SettingsForm<SwitchValues>
      view={view}
      keys={['modules', 'loginToHome', 'modalsDraggable', 'newDeviceVerification']}
      schema={schema as unknown as z.ZodType<Partial<SiteSettings> & { reason: string }, SwitchValues>}
      defaultValues={{ modules, loginToHome, modalsDraggable, newDeviceVerification, reason: '' }}
      canWrite={canWrite}
      title={t('sections.switches')}
    >
      {({ form }) => (
        <>
          {GROUPS.map((group) => (
            <fieldset key={group.id} className="site-group">
              <legend>{t(`switches.groups.${group.id}`)}</legend>
              {group.modules.map((id) => (
                <CheckField
                  key={id}
                  label={t(`switches.modules.${id}`)}
                  hint={id}
                  {...form.register(`modules.${id}`)}
                />
              ))}
              {group.id === 'login' ? (
                <>
                  <CheckField
                    label={t('switches.newDeviceVerification')}
                    hint={t('switches.newDeviceVerificationHint')}
                    {...form.register('newDeviceVerification')}
                  />
                  <NoContactNote />
                </>
              ) : null}
            </fieldset>
          ))}
          <fieldset className="site-group">
            <legend>{t('switches.groups.navigation')}</legend>
            <CheckField
              label={t('switches.loginToHome')}
              hint={t('switches.loginToHomeHint')}
              {...form.register('loginToHome')}
            />
            <CheckField
              label={t('switches.modalsDraggable')}
              hint={t('switches.modalsDraggableHint')}
              {...form.register('modalsDraggable')}
            />
          </fieldset>
        </>
      )}
    </SettingsForm>
  );
}
