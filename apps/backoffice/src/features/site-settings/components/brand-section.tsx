import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { COMPLETE_LANGUAGES, LANGUAGE_CODES } from '@wps/shared/constants';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { SelectField } from '../../../components/select-field';
import { localeTag } from '../../../lib/i18n';
import { formatMoneyWithSymbol } from '../../../lib/money';
import { CheckField } from './fields';
import { SettingsForm } from './settings-form';
import { reasonSchema } from '../settings-schemas';

type BrandValues = Pick<SiteSettings, 'brand' | 'languages'> & { reason: string };

const schema = siteSettingsSchema.pick({ brand: true, languages: true }).extend({ reason: reasonSchema });

/** Brand name and currency symbol (the merchant code and currency are fixed at setup), and the languages. */
export function BrandSection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const { brand, languages } = view.values;
  return (
    <SettingsForm<BrandValues>
      view={view}
      keys={['brand', 'languages']}
      schema={schema as unknown as z.ZodType<Partial<SiteSettings> & { reason: string }, BrandValues>}
      defaultValues={{ brand, languages, reason: '' }}
      canWrite={canWrite}
      title={t('sections.brand')}
      preview={(values) => <BrandPreview brand={values.brand} />}
    >
      {({ form, errorOf }) => (
        <>
          <div className="site-form__row">
            <TextField
              label={t('brand.name')}
              autoComplete="off"
              maxLength={64}
              {...form.register('brand.brandName')}
              error={errorOf('brand.brandName')}
            />
            <TextField
              label={t('brand.symbol')}
              autoComplete="off"
              maxLength={8}
              {...form.register('brand.currencySymbol')}
              error={errorOf('brand.currencySymbol')}
            />
          </div>
          <dl className="site-facts">
            <div>
              <dt>{t('brand.merchantCode')}</dt>
              <dd>{brand.merchantCode}</dd>
            </div>
            <div>
              <dt>{t('brand.currency')}</dt>
              <dd>
                {brand.currency} ({t('brand.scale', { count: brand.currencyScale })})
              </dd>
            </div>
          </dl>
          <p className="field__hint">{t('brand.fixedHint')}</p>
          <fieldset className="site-group">
            <legend>{t('languages.supported')}</legend>
            {COMPLETE_LANGUAGES.map((code) => (
              <CheckField
                key={code}
                label={t(`languages.names.${code}`, { defaultValue: code })}
                value={code}
                {...form.register('languages.supported')}
              />
            ))}
            {errorOf('languages.supported') && <p className="field__error">{t('languages.supportedError')}</p>}
          </fieldset>
          <SelectField
            label={t('languages.default')}
            {...form.register('languages.default')}
            error={errorOf('languages.default')}
          >
            {COMPLETE_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`languages.names.${code}`, { defaultValue: code })}
              </option>
            ))}
          </SelectField>
          <fieldset className="site-group site-group--grid">
            <legend>{t('languages.listed')}</legend>
            {LANGUAGE_CODES.map((code) => (
              <CheckField key={code} label={code} value={code} {...form.register('languages.listed')} />
            ))}
          </fieldset>
        </>
      )}
    </SettingsForm>
  );
}

/**
 * The site's header as players see it: the brand name and a sample balance with the symbol, written
 * as the interface language writes money ("R$ 1.234,56" in PT).
 */
function BrandPreview({ brand }: { brand: SiteSettings['brand'] }) {
  const { i18n } = useTranslation();
  const amount = formatMoneyWithSymbol(
    123456n,
    localeTag(i18n.language),
    { currency: brand.currency, scale: brand.currencyScale },
    brand.currencySymbol,
  );
  return (
    <div className="site-preview__header" data-testid="brand-preview">
      <strong>{brand.brandName || '—'}</strong>
      <span>{amount}</span>
    </div>
  );
}
