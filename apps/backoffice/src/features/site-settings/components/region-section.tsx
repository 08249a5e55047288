import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { reasonSchema, typedCountryList } from '../settings-schemas';
import { SettingsForm } from './settings-form';

type RegionValues = { blockedCountries: string; defaultCountry: string; reason: string };

const schema = z
  .object({
    blockedCountries: typedCountryList,
    defaultCountry: z.string().transform((code) => code.trim().toUpperCase()),
    reason: z.string(),
  })
  .pipe(
    z.object({
      blockedCountries: siteSettingsSchema.shape.blockedCountries,
      defaultCountry: siteSettingsSchema.shape.defaultCountry,
      reason: reasonSchema,
    }),
  );

/**
 * Region rules: the countries whose visitors get the region-restriction page (by the operator's
 * address table), and the country listed first in the dialing-code picker.
 */
export function RegionSection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const { blockedCountries, defaultCountry } = view.values;
  return (
    <SettingsForm<RegionValues>
      view={view}
      keys={['blockedCountries', 'defaultCountry']}
      schema={schema as unknown as z.ZodType<Partial<SiteSettings> & { reason: string }, RegionValues>}
      defaultValues={{ blockedCountries: blockedCountries.join(', '), defaultCountry, reason: '' }}
      canWrite={canWrite}
      title={t('sections.region')}
    >
      {({ form, errorOf }) => (
        <>
          <TextField
            label={t('region.blocked')}
            autoComplete="off"
            spellCheck={false}
            hint={t('region.blockedHint')}
            {...form.register('blockedCountries')}
            error={errorOf('blockedCountries')}
          />
          <TextField
            label={t('region.defaultCountry')}
            autoComplete="off"
            spellCheck={false}
            maxLength={2}
            hint={t('region.defaultCountryHint')}
            {...form.register('defaultCountry')}
            error={errorOf('defaultCountry')}
          />
        </>
      )}
    </SettingsForm>
  );
}
