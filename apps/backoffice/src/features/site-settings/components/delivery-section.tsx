import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { reasonSchema } from '../settings-schemas';
import { SettingsForm } from './settings-form';

type DeliveryValues = { delivery: { imageCdns: string; launchGameCdns: string; gtagId: string }; reason: string };

/** Addresses typed as a list, separated by spaces or commas. */
const typedList = z.string().transform((text) => text.split(/[\s,;]+/).filter(Boolean));

const schema = z
  .object({
    delivery: z.object({
      imageCdns: typedList,
      launchGameCdns: typedList,
      gtagId: z.string().transform((id) => id.trim().toUpperCase()),
    }),
    reason: z.string(),
  })
  .pipe(z.object({ delivery: siteSettingsSchema.shape.delivery, reason: reasonSchema }));

/**
 * Delivery and analytics: the CDNs the site's pictures and the in-house games' pages may come from
 * (each player's tab picks one of each), and the Google tag the site loads. Each CDN must serve the
 * site's own paths (a pull-through CDN in front of it); the CSP follows the lists.
 */
export function DeliverySection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const { imageCdns, launchGameCdns, gtagId } = view.values.delivery;
  return (
    <SettingsForm<DeliveryValues>
      view={view}
      keys={['delivery']}
      schema={schema as unknown as z.ZodType<Partial<SiteSettings> & { reason: string }, DeliveryValues>}
      defaultValues={{
        delivery: { imageCdns: imageCdns.join(' '), launchGameCdns: launchGameCdns.join(' '), gtagId },
        reason: '',
      }}
      canWrite={canWrite}
      title={t('sections.delivery')}
    >
      {({ form, errorOf }) => (
        <>
          <TextField
            label={t('delivery.imageCdns')}
            autoComplete="off"
            spellCheck={false}
            hint={t('delivery.imageCdnsHint')}
            {...form.register('delivery.imageCdns')}
            error={errorOf('delivery.imageCdns')}
          />
          <TextField
            label={t('delivery.launchGameCdns')}
            autoComplete="off"
            spellCheck={false}
            hint={t('delivery.launchGameCdnsHint')}
            {...form.register('delivery.launchGameCdns')}
            error={errorOf('delivery.launchGameCdns')}
          />
          <TextField
            label={t('delivery.gtagId')}
            autoComplete="off"
            spellCheck={false}
            hint={t('delivery.gtagIdHint')}
            {...form.register('delivery.gtagId')}
            error={errorOf('delivery.gtagId')}
          />
        </>
      )}
    </SettingsForm>
  );
}
