import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { CUSTOMER_SERVICE_OPEN_AS } from '@wps/shared/schemas/system';
import { reasonSchema } from '../settings-schemas';
import { SelectField } from '../../../components/select-field';
import { CheckField } from './fields';
import { SettingsForm, type SettingsFormApi } from './settings-form';

type ResourceRow = { resourceType: string; labelNameEn: string; url: string; qrCodeUrl: string };
type ContactsValues = {
  customerService: SiteSettings['customerService'];
  resources: ResourceRow[];
  domains: SiteSettings['domains'];
  reason: string;
};

const schema = z
  .object({
    customerService: z.array(
      z.object({
        csType: z.string(),
        name: z.string(),
        path: z.string(),
        openAs: z.enum(CUSTOMER_SERVICE_OPEN_AS),
        vipOnly: z.boolean(),
        enabled: z.boolean().optional(),
      }),
    ),
    resources: z.array(
      z.object({
        resourceType: z.string(),
        labelNameEn: z.string(),
        url: z.string(),
        qrCodeUrl: z.string().transform((text) => (text.trim() === '' ? null : text)),
      }),
    ),
    domains: z.array(z.object({ domainName: z.string() })),
    reason: z.string(),
  })
  .pipe(
    z.object({
      customerService: siteSettingsSchema.shape.customerService,
      resources: siteSettingsSchema.shape.resources,
      domains: siteSettingsSchema.shape.domains,
      reason: reasonSchema,
    }),
  );

/**
 * Customer-service entries (live chat, e-mail, messengers: each opened as a link, a 440×750 popup,
 * a 440×500 chat, an e-mail or a call, optionally only for VIP players, switched on or off, in the
 * order players see them: the online-service list and every customer-service link read them),
 * resources (app downloads, social pages) and the domains the speed test offers.
 */
export function ContactsSection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const { customerService, resources, domains } = view.values;
  return (
    <SettingsForm<ContactsValues>
      view={view}
      keys={['customerService', 'resources', 'domains']}
      schema={schema as unknown as z.ZodType<Partial<SiteSettings> & { reason: string }, ContactsValues>}
      defaultValues={{
        customerService: customerService.map((entry) => ({ ...entry, enabled: entry.enabled !== false })),
        resources: resources.map((r) => ({ ...r, qrCodeUrl: r.qrCodeUrl ?? '' })),
        domains,
        reason: '',
      }}
      canWrite={canWrite}
      title={t('sections.contacts')}
      preview={(values) => <ContactsPreview values={values} />}
    >
      {(api) => (
        <>
          <CustomerServiceRows api={api} />
          <ResourceRows api={api} />
          <DomainRows api={api} />
        </>
      )}
    </SettingsForm>
  );
}

function CustomerServiceRows({ api: { form, errorOf, canWrite } }: { api: SettingsFormApi<ContactsValues> }) {
  const { t } = useTranslation('site-settings');
  const rows = useFieldArray({ control: form.control, name: 'customerService' });
  return (
    <fieldset className="site-group">
      <legend>{t('contacts.customerService')}</legend>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="site-form__row site-form__row--entry">
          <TextField
            label={t('contacts.csType')}
            autoComplete="off"
            hint={index === 0 ? t('contacts.typeHint') : undefined}
            {...form.register(`customerService.${index}.csType`)}
            error={errorOf(`customerService.${index}.csType`)}
          />
          <TextField
            label={t('contacts.name')}
            autoComplete="off"
            {...form.register(`customerService.${index}.name`)}
            error={errorOf(`customerService.${index}.name`)}
          />
          <SelectField
            label={t('contacts.openAs')}
            {...form.register(`customerService.${index}.openAs`)}
            error={errorOf(`customerService.${index}.openAs`)}
          >
            {CUSTOMER_SERVICE_OPEN_AS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`contacts.openAsKinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('contacts.link')}
            autoComplete="off"
            spellCheck={false}
            hint={index === 0 ? t('contacts.linkHint') : undefined}
            {...form.register(`customerService.${index}.path`)}
            error={errorOf(`customerService.${index}.path`)}
          />
          <CheckField
            label={t('contacts.vipOnly')}
            hint={index === 0 ? t('contacts.vipOnlyHint') : undefined}
            {...form.register(`customerService.${index}.vipOnly`)}
          />
          <CheckField
            label={t('contacts.enabled')}
            hint={index === 0 ? t('contacts.enabledHint') : undefined}
            {...form.register(`customerService.${index}.enabled`)}
          />
          {canWrite && (
            <>
              {/* The list's order is the order players see. */}
              <Button
                variant="ghost"
                size="sm"
                disabled={index === 0}
                onClick={() => rows.move(index, index - 1)}
                aria-label={t('contacts.moveUp', { index: index + 1 })}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={index === rows.fields.length - 1}
                onClick={() => rows.move(index, index + 1)}
                aria-label={t('contacts.moveDown', { index: index + 1 })}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => rows.remove(index)}
                aria-label={t('contacts.removeEntry', { index: index + 1 })}
              >
                {t('contacts.remove')}
              </Button>
            </>
          )}
        </div>
      ))}
      {canWrite && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            rows.append({ csType: '', name: '', path: '', openAs: 'popup', vipOnly: false, enabled: true })
          }
        >
          {t('contacts.addEntry')}
        </Button>
      )}
    </fieldset>
  );
}

function ResourceRows({ api: { form, errorOf, canWrite } }: { api: SettingsFormApi<ContactsValues> }) {
  const { t } = useTranslation('site-settings');
  const rows = useFieldArray({ control: form.control, name: 'resources' });
  return (
    <fieldset className="site-group">
      <legend>{t('contacts.resources')}</legend>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="site-form__row site-form__row--entry">
          <TextField
            label={t('contacts.resourceType')}
            autoComplete="off"
            {...form.register(`resources.${index}.resourceType`)}
            error={errorOf(`resources.${index}.resourceType`)}
          />
          <TextField
            label={t('contacts.name')}
            autoComplete="off"
            {...form.register(`resources.${index}.labelNameEn`)}
            error={errorOf(`resources.${index}.labelNameEn`)}
          />
          <TextField
            label={t('contacts.link')}
            autoComplete="off"
            spellCheck={false}
            {...form.register(`resources.${index}.url`)}
            error={errorOf(`resources.${index}.url`)}
          />
          <TextField
            label={t('contacts.qrCode')}
            autoComplete="off"
            spellCheck={false}
            {...form.register(`resources.${index}.qrCodeUrl`)}
            error={errorOf(`resources.${index}.qrCodeUrl`)}
          />
          {canWrite && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => rows.remove(index)}
              aria-label={t('contacts.removeResource', { index: index + 1 })}
            >
              {t('contacts.remove')}
            </Button>
          )}
        </div>
      ))}
      {canWrite && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => rows.append({ resourceType: '', labelNameEn: '', url: '', qrCodeUrl: '' })}
        >
          {t('contacts.addResource')}
        </Button>
      )}
    </fieldset>
  );
}

function DomainRows({ api: { form, errorOf, canWrite } }: { api: SettingsFormApi<ContactsValues> }) {
  const { t } = useTranslation('site-settings');
  const rows = useFieldArray({ control: form.control, name: 'domains' });
  return (
    <fieldset className="site-group">
      <legend>{t('contacts.domains')}</legend>
      <p className="field__hint">{t('contacts.domainsHint')}</p>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="site-form__row site-form__row--entry">
          <TextField
            label={t('contacts.domain', { index: index + 1 })}
            autoComplete="off"
            spellCheck={false}
            {...form.register(`domains.${index}.domainName`)}
            error={errorOf(`domains.${index}.domainName`)}
          />
          {canWrite && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => rows.remove(index)}
              aria-label={t('contacts.removeDomain', { index: index + 1 })}
            >
              {t('contacts.remove')}
            </Button>
          )}
        </div>
      ))}
      {canWrite && (
        <Button variant="secondary" size="sm" onClick={() => rows.append({ domainName: '' })}>
          {t('contacts.addDomain')}
        </Button>
      )}
    </fieldset>
  );
}

/** The entries as the site lists them. Links are shown as text: a link typed here is not checked yet. */
function ContactsPreview({ values }: { values: ContactsValues }) {
  const { t } = useTranslation('site-settings');
  return (
    <>
      <p className="site-preview__subtitle">{t('contacts.customerService')}</p>
      <ul className="site-preview__list">
        {values.customerService.map((entry, index) => (
          <li key={index}>
            <strong>{entry.name || '—'}</strong> ({t(`contacts.openAsKinds.${entry.openAs}`)}
            {entry.vipOnly ? `, ${t('contacts.vipShort')}` : ''}
            {entry.enabled === false ? `, ${t('contacts.offShort')}` : ''}){' '}
            <span className="site-preview__link">{entry.path}</span>
          </li>
        ))}
      </ul>
      <p className="site-preview__subtitle">{t('contacts.resources')}</p>
      <ul className="site-preview__list">
        {values.resources.map((entry, index) => (
          <li key={index}>
            <strong>{entry.labelNameEn || '—'}</strong> <span className="site-preview__link">{entry.url}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
