import { useId, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import {
  CONTENT_LINKAGE_TYPES,
  PROMOTION_TAGS,
  type ContentItemBody,
  type ContentKind,
  type OpsContentItem,
} from '@wps/shared/schemas/content';
import { OPS_REASON_MIN_LENGTH } from '@wps/shared/schemas/ops-list';
import { ReasonField } from '../../../components/reason-field';
import { Tabs } from '../../../components/tabs';
import { licenceRefusalOf, licenceRefusalText } from '../../../lib/licence-refusal';
import { usePromotionRules } from '../api/list-promotion-rules';
import { useSaveContent } from '../api/save-content';
import { useSavePromotionRules } from '../api/save-promotion-rules';
import {
  CONTENT_LANGUAGES,
  contentFormSchema,
  contentFormValues,
  formFieldOf,
  GROUPS_OF,
  serverContentFieldErrors,
  type ContentField,
  type ContentFormValues,
  type ContentLanguage,
} from '../content-form';
import { itemTitle, type PreviewContent } from '../content-view';
import { ImageField, type ShownImage } from './image-field';
import { LinkageTargetPicker } from './linkage-target-picker';
import { PreviewDialog } from './preview-dialog';
import { PromotionRulesField } from './promotion-rules-field';

type ContentDialogProps = {
  kind: ContentKind;
  /** The item to edit; null creates a draft of `kind`. */
  item: OpsContentItem | null;
  timeZone: string;
  onClose: () => void;
};

/** Kinds whose items carry a picture (a banner and a footer payment logo must). */
const HAS_IMAGE: readonly ContentKind[] = ['banner', 'promotion', 'footer'];

/**
 * Create or edit one item: group, order, schedule (typed in the operator's zone), what a click
 * opens, the picture, the PT and EN words, and the reason for the audit log. Checked by the
 * shared contentItemBodySchema; the server's field errors show under their fields; a preview
 * shows the words as typed, as players will see them.
 */
export function ContentDialog({ kind, item, timeZone, onClose }: ContentDialogProps) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const groupId = useId();
  const linkageId = useId();
  const bonusId = useId();
  const [language, setLanguage] = useState<ContentLanguage>('PT');
  const [image, setImage] = useState<ShownImage | null>(item?.image ?? null);
  const [previewing, setPreviewing] = useState<PreviewContent | null>(null);
  const save = useSaveContent((saved) => t(item ? 'form.saved' : 'form.created', { title: itemTitle(saved) }));
  const form = useForm<ContentFormValues, unknown, ContentItemBody>({
    resolver: zodResolver(contentFormSchema(timeZone)),
    defaultValues: contentFormValues(item, kind, timeZone),
  });
  const { errors } = form.formState;
  const linkageType = useWatch({ control: form.control, name: 'linkageType' });
  const linkageTarget = useWatch({ control: form.control, name: 'linkageTarget' });
  const bonusOffer = useWatch({ control: form.control, name: 'bonusOffer' }) === true;
  // A promotion's paying rules: the stored links until the operator picks (null: untouched).
  const isPromotion = kind === 'promotion';
  const promotionRules = usePromotionRules(isPromotion);
  const saveRules = useSavePromotionRules();
  const linked = item ? (promotionRules.links.get(item.id) ?? []).map((r) => r.id) : [];
  const [ruleIds, setRuleIds] = useState<string[] | null>(null);
  const rulesChanged =
    isPromotion && ruleIds !== null && (ruleIds.length !== linked.length || ruleIds.some((id) => !linked.includes(id)));
  const groups = GROUPS_OF[kind];

  const errorOf = (field: ContentField): string | undefined => {
    const error = form.getFieldState(field, form.formState).error;
    if (!error) return undefined;
    // The licence's refusal carries its own words: the rule, and the word that broke it.
    if (error.type === 'licence') return error.message;
    const key = field.startsWith('translations.') ? field.split('.')[2]! : field;
    return t(`form.errors.${key}`, { count: OPS_REASON_MIN_LENGTH });
  };
  const hasWordsError = (lang: ContentLanguage) => Boolean(errors.translations?.[lang]);
  const close = () => (form.reset(), onClose());

  const submit = form.handleSubmit(
    async (body) => {
      // An item's rules go first (a published bonus offer is kept only with a live rule, which the
      // item's own save then checks); a new item's after it exists. Both carry the same reason.
      const rulesOf = (promotionId: string) => ({ promotionId, body: { ruleIds: ruleIds ?? [], reason: body.reason } });
      try {
        if (item && rulesChanged) await saveRules.mutateAsync(rulesOf(item.id));
      } catch {
        return;
      }
      try {
        const saved = await save.mutateAsync({ id: item?.id ?? null, body });
        if (!item && rulesChanged) await saveRules.mutateAsync(rulesOf(saved.id));
      } catch (error) {
        for (const field of serverContentFieldErrors(error)) form.setError(field, { type: 'server' });
        // Under a licence that forbids bonuses: the flag, or the words of one language, named by the server.
        const refusal = licenceRefusalOf(error);
        const refusedField = refusal && formFieldOf(refusal.field);
        if (refusal && refusedField) {
          form.setError(refusedField, { type: 'licence', message: licenceRefusalText(t, refusal) });
          const refusedLanguage = CONTENT_LANGUAGES.find((l) => refusedField.startsWith(`translations.${l}.`));
          if (refusedLanguage) setLanguage(refusedLanguage);
        }
        return;
      }
      close();
    },
    // A language's words are missing: show that language's tab.
    (invalid) => {
      const other = language === 'PT' ? 'EN' : 'PT';
      if (!invalid.translations?.[language] && invalid.translations?.[other]) setLanguage(other);
    },
  );

  const showPreview = () => {
    const values = form.getValues();
    setPreviewing({
      translations: values.translations,
      image: image && { url: image.url, width: image.width, height: image.height },
    });
  };

  return (
    <Modal
      open
      onClose={close}
      title={
        item ? t('form.titleEdit', { title: itemTitle(item) }) : t('form.titleNew', { kind: t(`kindOne.${kind}`) })
      }
      size="lg"
      closable={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="content-form">
        <div className="form-grid">
          {groups ? (
            <div className={`field${errorOf('groupCode') ? ' has-error' : ''}`}>
              <label className="field__label" htmlFor={groupId}>
                <span className="field__star" aria-hidden="true">
                  *
                </span>
                {t('form.group')}
              </label>
              <select
                id={groupId}
                className="field__input"
                data-autofocus
                aria-invalid={errorOf('groupCode') ? true : undefined}
                {...form.register('groupCode')}
              >
                {groups.map((group) => {
                  // The name, with the code the site's routes use beside it.
                  const name = t(`groupNames.${group}`, { defaultValue: '' });
                  return (
                    <option key={group} value={group}>
                      {name ? `${name} (${group})` : group}
                    </option>
                  );
                })}
              </select>
              {errorOf('groupCode') && (
                <p className="field__error" role="alert">
                  {errorOf('groupCode')}
                </p>
              )}
            </div>
          ) : (
            <TextField
              label={t('form.group')}
              requiredMark
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              hint={t('form.groupHint')}
              data-autofocus
              {...form.register('groupCode')}
              error={errorOf('groupCode')}
            />
          )}
          <TextField
            label={t('form.sortOrder')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('form.sortOrderHint')}
            {...form.register('sortOrder')}
            error={errorOf('sortOrder')}
          />
          <TextField
            label={t('form.publishFrom')}
            type="datetime-local"
            hint={t('form.scheduleHint', { zone: timeZone })}
            {...form.register('publishFrom')}
            error={errorOf('publishFrom')}
          />
          <TextField
            label={t('form.publishUntil')}
            type="datetime-local"
            hint={t('form.scheduleHint', { zone: timeZone })}
            {...form.register('publishUntil')}
            error={errorOf('publishUntil')}
          />
          <div className="field">
            <label className="field__label" htmlFor={linkageId}>
              {t('form.linkageType')}
            </label>
            <select id={linkageId} className="field__input" {...form.register('linkageType')}>
              {(['', ...CONTENT_LINKAGE_TYPES] as const).map((type) => (
                <option key={type} value={type}>
                  {t(`form.linkage.${type}`)}
                </option>
              ))}
            </select>
          </div>
          {linkageType === 'url' && (
            <TextField
              label={t('form.linkageTarget')}
              requiredMark
              autoComplete="off"
              spellCheck={false}
              hint={t(`form.linkageHint.${linkageType}`)}
              {...form.register('linkageTarget')}
              error={errorOf('linkageTarget')}
            />
          )}
          {(linkageType === 'promotion' || linkageType === 'game' || linkageType === 'page') && (
            <LinkageTargetPicker
              key={linkageType}
              type={linkageType}
              value={linkageTarget ?? ''}
              field={form.register('linkageTarget')}
              error={errorOf('linkageTarget')}
            />
          )}
        </div>
        {kind === 'promotion' && (
          <fieldset className="content-form__tags">
            <legend className="field__label">{t('form.tags')}</legend>
            {PROMOTION_TAGS.map((tag) => (
              <label key={tag} className="content-form__tag">
                <input type="checkbox" value={tag} {...form.register('tags')} />
                {t(`form.tagNames.${tag}`)}
              </label>
            ))}
          </fieldset>
        )}
        <div className={`field${errorOf('bonusOffer') ? ' has-error' : ''}`}>
          <label className="content-form__tag" htmlFor={bonusId}>
            <input
              id={bonusId}
              type="checkbox"
              aria-invalid={errorOf('bonusOffer') ? true : undefined}
              aria-describedby={`${bonusId}-hint${errorOf('bonusOffer') ? ` ${bonusId}-error` : ''}`}
              {...form.register('bonusOffer')}
            />
            {t('form.bonusOffer')}
          </label>
          <p id={`${bonusId}-hint`} className="field__hint">
            {t('form.bonusOfferHint')}
          </p>
          {errorOf('bonusOffer') && (
            <p id={`${bonusId}-error`} className="field__error" role="alert">
              {errorOf('bonusOffer')}
            </p>
          )}
        </div>
        {isPromotion && (
          <PromotionRulesField
            rules={promotionRules.rules}
            selected={ruleIds ?? linked}
            bonusOffer={bonusOffer}
            onChange={setRuleIds}
          />
        )}
        {(HAS_IMAGE.includes(kind) || image) && (
          <ImageField
            image={image}
            disabled={save.isPending}
            error={
              errorOf('imageName') &&
              (kind === 'banner' || kind === 'footer' ? t(`form.imageRequired.${kind}`) : errorOf('imageName'))
            }
            onChange={(next) => {
              setImage(next);
              form.setValue('imageName', next?.name ?? null, { shouldValidate: form.formState.isSubmitted });
            }}
          />
        )}
        <Tabs
          ids={CONTENT_LANGUAGES}
          active={language}
          onChange={setLanguage}
          label={t('form.wordsLabel')}
          labelOf={(l) => `${t(`form.languages.${l}`)}${hasWordsError(l) ? ' ⚠' : ''}`}
          idPrefix="content-words"
        >
          {CONTENT_LANGUAGES.map((lang) => (
            <div key={lang} hidden={lang !== language} className="content-form__words">
              <TextField
                label={t('form.itemTitle', { language: lang })}
                requiredMark
                autoComplete="off"
                maxLength={200}
                {...form.register(`translations.${lang}.title`)}
                error={errorOf(`translations.${lang}.title`)}
              />
              <WordsBody
                lang={lang}
                error={errorOf(`translations.${lang}.bodyHtml`)}
                registration={form.register(`translations.${lang}.bodyHtml`)}
                hint={t('form.bodyHint')}
                label={t('form.body', { language: lang })}
              />
            </div>
          ))}
        </Tabs>
        <ReasonField
          required
          label={t('form.reason')}
          hint={t('form.reasonHint')}
          error={errorOf('reason')}
          registration={form.register('reason')}
        />
        <FormError message={save.errorMessage ?? saveRules.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={save.isPending}>
            {tc('cancel')}
          </Button>
          <Button variant="secondary" onClick={showPreview}>
            {t('form.showPreview')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {item ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </form>
      {previewing && <PreviewDialog content={previewing} onClose={() => setPreviewing(null)} />}
    </Modal>
  );
}

type WordsBodyProps = {
  lang: ContentLanguage;
  label: string;
  hint: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
};

/** The body's HTML, typed as text (the server keeps only its allow-list of tags). */
function WordsBody({ lang, label, hint, error, registration }: WordsBodyProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input content-form__body"
        rows={8}
        spellCheck={lang === 'PT' ? true : undefined}
        lang={lang === 'PT' ? 'pt-BR' : 'en'}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        {...registration}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
