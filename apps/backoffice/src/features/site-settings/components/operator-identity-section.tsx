import { get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TextField } from '@wps/ui/text-field';
import { OPERATOR_IDENTITY_FIELDS, type OperatorIdentityField } from '@wps/shared/operator-identity';
import type { LicenceNotes } from '@wps/shared/schemas/operator-identity';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { LicenceWarnings } from '../../../components/licence-warnings';
import { useLicenceNotes } from '../../../lib/api/get-licence-notes';
import { errorText } from '../../../lib/error-text';
import { reasonSchema } from '../settings-schemas';
import { SettingsForm } from './settings-form';
import './operator-identity-section.css';

type IdentityValues = Pick<SiteSettings, 'operatorIdentity' | 'selfExclusionUrl'> & { reason: string };

const KEYS = ['operatorIdentity', 'selfExclusionUrl'] as const;
const MAX_LENGTH: Record<OperatorIdentityField, number> = {
  legalName: 200,
  cnpj: 18,
  registeredAddress: 300,
  authorisationNumber: 120,
};

/**
 * The form's rules: the shared schemas the server applies, and, where the licence requires the
 * identification, every field filled (the server refuses the same, naming the field; checking here
 * too tells the operator before sending).
 */
function schemaFor(isIdentityRequired: boolean) {
  return siteSettingsSchema
    .pick({ operatorIdentity: true, selfExclusionUrl: true })
    .extend({ reason: reasonSchema })
    .superRefine((values, context) => {
      if (!isIdentityRequired) return;
      for (const field of OPERATOR_IDENTITY_FIELDS)
        if (values.operatorIdentity[field].trim() === '')
          context.addIssue({ code: 'custom', path: ['operatorIdentity', field], message: 'required' });
    });
}

/**
 * Who runs the site (docs/compliance.md, "Operator identification"): legal name, CNPJ, registered
 * address and licence number, shown by the player site's footer and legal pages; and the link to
 * the regulator's self-exclusion platform. Under a licence that requires them (BR) each is
 * required; the licence's warnings (an address outside bet.br, a field left blank) are shown above.
 */
export function OperatorIdentitySection({ view, canWrite }: { view: SiteSettingsView; canWrite: boolean }) {
  const { t } = useTranslation('site-settings');
  const notes = useLicenceNotes();
  // The form's rules depend on the licence, so it waits for the notes.
  if (notes.isPending) return <LoadingState label={t('loading')} />;
  if (notes.isError)
    return (
      <ErrorState
        message={errorText(t, notes.error)}
        action={
          <Button variant="secondary" size="sm" onClick={() => void notes.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  return <IdentityForm view={view} canWrite={canWrite} notes={notes.data} />;
}

function IdentityForm({ view, canWrite, notes }: { view: SiteSettingsView; canWrite: boolean; notes: LicenceNotes }) {
  const { t } = useTranslation('site-settings');
  const { operatorIdentity, selfExclusionUrl } = view.values;
  const required = notes.isIdentityRequired;
  return (
    <SettingsForm<IdentityValues>
      view={view}
      keys={KEYS}
      schema={schemaFor(required) as unknown as z.ZodType<Partial<SiteSettings> & { reason: string }, IdentityValues>}
      defaultValues={{ operatorIdentity, selfExclusionUrl, reason: '' }}
      canWrite={canWrite}
      title={t('sections.identity')}
      preview={(values) => <FooterPreview values={values} notes={notes} />}
    >
      {({ form, errorOf }) => {
        // A blank field the licence requires says so (the form's check or the server's refusal); anything else is invalid.
        const fieldError = (field: OperatorIdentityField): string | undefined => {
          if (!get(form.formState.errors, `operatorIdentity.${field}`)) return undefined;
          const blank = String(form.getValues(`operatorIdentity.${field}`) ?? '').trim() === '';
          return required && blank
            ? t('identity.required', { profile: notes.profile })
            : t(`identity.invalid.${field}`);
        };
        return (
          <>
            <LicenceWarnings notes={notes} />
            <p className="field__hint">
              {required ? t('identity.requiredHint', { profile: notes.profile }) : t('identity.optionalHint')}
            </p>
            {OPERATOR_IDENTITY_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`identity.fields.${field}`)}
                autoComplete="off"
                maxLength={MAX_LENGTH[field]}
                requiredMark={required}
                aria-required={required || undefined}
                hint={t(`identity.hints.${field}`)}
                {...form.register(`operatorIdentity.${field}`)}
                error={fieldError(field)}
              />
            ))}
            <TextField
              label={t('identity.selfExclusionUrl')}
              autoComplete="off"
              spellCheck={false}
              maxLength={500}
              hint={t('identity.selfExclusionUrlHint')}
              {...form.register('selfExclusionUrl')}
              error={errorOf('selfExclusionUrl')}
            />
          </>
        );
      }}
    </SettingsForm>
  );
}

/** The footer's identification lines as players will see them: only the filled fields. */
function FooterPreview({ values, notes }: { values: IdentityValues; notes: LicenceNotes }) {
  const { t } = useTranslation('site-settings');
  const lines = OPERATOR_IDENTITY_FIELDS.flatMap((field) => {
    const value = values.operatorIdentity?.[field]?.trim();
    return value ? [{ field, value }] : [];
  });
  return (
    <div className="site-preview__identity">
      {lines.length === 0 ? (
        <p>{t('identity.previewEmpty')}</p>
      ) : (
        <dl>
          {lines.map(({ field, value }) => (
            <div key={field}>
              <dt>{t(`identity.fields.${field}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {notes.hasSelfExclusionLink && values.selfExclusionUrl && <p>{t('identity.previewSelfExclusion')}</p>}
    </div>
  );
}
