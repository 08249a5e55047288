import { useId, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import type { PlatformMessageBody } from '@wps/shared/schemas/platform-messages';
import { Tabs } from '../../../components/tabs';
import { useSendMessage } from '../api/send-message';
import {
  AUDIENCES,
  EMPTY_MESSAGE,
  MESSAGE_LANGUAGES,
  MESSAGE_MAX_ACCOUNTS,
  messageFormSchema,
  serverMessageFieldErrors,
  unknownAccountsOf,
  type MessageField,
  type MessageFormValues,
  type MessageLanguage,
} from '../message-form';
import { MessagePreview, type PreviewWords } from './message-preview';

/**
 * Write one message: who it reaches (everyone, a segment by registration time and deposits, or
 * named accounts), when it goes out (now, or a time in the operator's zone), and its PT and EN
 * words. Checked by the shared platformMessageBodySchema; the server's refusals show under their
 * fields; a preview shows the words as players will read them.
 */
export function MessageDialog({ timeZone, onClose }: { timeZone: string; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const depositedId = useId();
  const [language, setLanguage] = useState<MessageLanguage>('PT');
  const [previewing, setPreviewing] = useState<PreviewWords | null>(null);
  const send = useSendMessage((message) =>
    t(message.status === 'scheduled' ? 'form.scheduled' : 'form.sent', { title: message.translations.PT?.title ?? '' }),
  );
  const form = useForm<MessageFormValues, unknown, PlatformMessageBody>({
    resolver: zodResolver(messageFormSchema(timeZone)),
    defaultValues: EMPTY_MESSAGE,
  });
  const { errors } = form.formState;
  const audience = useWatch({ control: form.control, name: 'audience' });
  const sendAt = useWatch({ control: form.control, name: 'sendAt' });
  const unknown = unknownAccountsOf(send.error);

  const errorOf = (field: MessageField): string | undefined => {
    if (!form.getFieldState(field, form.formState).error) return undefined;
    if (field === 'accounts' && unknown.length > 0)
      return t('form.errors.unknownAccounts', { accounts: unknown.join(', ') });
    const key = field.startsWith('translations.') ? field.split('.')[2]! : field;
    return t(`form.errors.${key}`, { max: MESSAGE_MAX_ACCOUNTS });
  };
  const close = () => (form.reset(), onClose());

  const submit = form.handleSubmit(
    async (body) => {
      try {
        await send.mutateAsync(body);
      } catch (error) {
        for (const field of serverMessageFieldErrors(error)) form.setError(field, { type: 'server' });
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

  return (
    <Modal open onClose={close} title={t('form.title')} size="lg" closable={!send.isPending}>
      <form onSubmit={submit} noValidate className="messages-form">
        <fieldset
          className="messages-form__audience"
          aria-describedby={errorOf('audience') ? 'message-audience-error' : undefined}
        >
          <legend className="field__label">{t('form.audience')}</legend>
          {AUDIENCES.map((choice) => (
            <label key={choice} className="messages-form__choice">
              <input type="radio" value={choice} {...form.register('audience')} />
              {t(`audience.${choice}`)}
            </label>
          ))}
          {errorOf('audience') && (
            <p id="message-audience-error" className="field__error" role="alert">
              {errorOf('audience')}
            </p>
          )}
        </fieldset>
        {audience === 'segment' && (
          <div className="form-grid">
            <TextField
              label={t('segment.registeredFrom')}
              type="datetime-local"
              hint={t('form.zoneHint', { zone: timeZone })}
              {...form.register('registeredFrom')}
              error={errorOf('registeredFrom')}
            />
            <TextField
              label={t('segment.registeredUntil')}
              type="datetime-local"
              hint={t('form.zoneHint', { zone: timeZone })}
              {...form.register('registeredUntil')}
              error={errorOf('registeredUntil')}
            />
            <div className="field">
              <label className="field__label" htmlFor={depositedId}>
                {t('segment.deposits')}
              </label>
              <select id={depositedId} className="field__input" {...form.register('hasDeposited')}>
                <option value="">{t('segment.depositsAny')}</option>
                <option value="yes">{t('segment.depositsYes')}</option>
                <option value="no">{t('segment.depositsNo')}</option>
              </select>
            </div>
          </div>
        )}
        {audience === 'players' && (
          <TextArea
            label={t('form.accounts')}
            hint={t('form.accountsHint', { max: MESSAGE_MAX_ACCOUNTS })}
            rows={3}
            error={errorOf('accounts')}
            registration={form.register('accounts')}
          />
        )}
        <div className="form-grid">
          <TextField
            label={t('form.sendAt')}
            type="datetime-local"
            hint={t('form.sendAtHint', { zone: timeZone })}
            {...form.register('sendAt')}
            error={errorOf('sendAt')}
          />
        </div>
        <Tabs
          ids={MESSAGE_LANGUAGES}
          active={language}
          onChange={setLanguage}
          label={t('form.wordsLabel')}
          labelOf={(l) => `${t(`form.languages.${l}`)}${errors.translations?.[l] ? ' ⚠' : ''}`}
          idPrefix="message-words"
        >
          {MESSAGE_LANGUAGES.map((lang) => (
            <div key={lang} hidden={lang !== language} className="messages-form__words">
              <TextField
                label={t('form.messageTitle', { language: lang })}
                requiredMark
                autoComplete="off"
                maxLength={200}
                {...form.register(`translations.${lang}.title`)}
                error={errorOf(`translations.${lang}.title`)}
              />
              <TextArea
                label={t('form.body', { language: lang })}
                hint={t('form.bodyHint')}
                rows={8}
                lang={lang}
                error={errorOf(`translations.${lang}.bodyHtml`)}
                registration={form.register(`translations.${lang}.bodyHtml`)}
              />
            </div>
          ))}
        </Tabs>
        <FormError message={send.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={send.isPending}>
            {tc('cancel')}
          </Button>
          <Button variant="secondary" onClick={() => setPreviewing(form.getValues().translations)}>
            {t('form.showPreview')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {sendAt ? t('form.schedule') : t('form.send')}
          </Button>
        </div>
      </form>
      {previewing && <MessagePreview words={previewing} onClose={() => setPreviewing(null)} />}
    </Modal>
  );
}

type TextAreaProps = {
  label: string;
  hint: string;
  rows: number;
  lang?: MessageLanguage;
  error: string | undefined;
  registration: UseFormRegisterReturn;
};

/** A labelled text box with its hint and error (the body's HTML, the account names). */
function TextArea({ label, hint, rows, lang, error, registration }: TextAreaProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input messages-form__text"
        rows={rows}
        spellCheck={lang === 'PT' ? true : lang ? undefined : false}
        lang={lang ? (lang === 'PT' ? 'pt-BR' : 'en') : undefined}
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
