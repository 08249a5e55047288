import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { recordBarredContactBodySchema, type BarredHit } from '@wps/shared/schemas/identity';
import { ReasonField } from '../../../components/reason-field';
import { SelectField } from '../../../components/select-field';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useRecordBarredContact } from '../api/record-barred-contact';

const CHANNELS = ['email', 'sms', 'phone', 'other'] as const;
type ContactValues = { channel: (typeof CHANNELS)[number]; content: string };

function useDates() {
  const { i18n } = useTranslation('barred-list');
  return useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
}

/**
 * A member hit's withdrawal window (docs/compliance.md, "Barred persons"): until when the player
 * may take the balance out, and by when the rest must be paid back. Shown on the hit that opened
 * the window; a later hit of the same episode shows none.
 */
export function WindowCell({ hit }: { hit: BarredHit }) {
  const { t } = useTranslation('barred-list');
  const dates = useDates();
  if (!hit.withdrawUntil || !hit.refundDueAt) return <span className="barred-muted">—</span>;
  return (
    <span className="barred-window">
      <span>{t('window.withdrawUntil', { at: dates.format(new Date(hit.withdrawUntil)) })}</span>{' '}
      <span>{t('window.refundBy', { at: dates.format(new Date(hit.refundDueAt)) })}</span>
    </span>
  );
}

/**
 * Every contact made with a barred member about a hit, with its time and channel (the site's inbox
 * notice first), and the button that records another (players.write, audited).
 */
export function ContactsCell({ hit }: { hit: BarredHit }) {
  const { t } = useTranslation('barred-list');
  const dates = useDates();
  const canRecord = useCan('players.write');
  const [open, setOpen] = useState(false);
  return (
    <div className="barred-contacts">
      {hit.contacts.length === 0 ? <span className="barred-muted">{t('contacts.none')}</span> : null}
      {hit.contacts.length > 0 ? (
        <ul>
          {hit.contacts.map((contact) => (
            <li key={contact.id} title={contact.content}>
              <time dateTime={contact.contactedAt}>{dates.format(new Date(contact.contactedAt))}</time>{' '}
              {t(`contacts.channels.${contact.channel}`)}
            </li>
          ))}
        </ul>
      ) : null}
      {canRecord && hit.memberId ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('contacts.recordFor', { id: hit.id, account: hit.account ?? '' })}
          onClick={() => setOpen(true)}
        >
          {t('contacts.record')}
        </Button>
      ) : null}
      {open && <ContactDialog hit={hit} onClose={() => setOpen(false)} />}
    </div>
  );
}

function ContactDialog({ hit, onClose }: { hit: BarredHit; onClose: () => void }) {
  const { t } = useTranslation('barred-list');
  const account = hit.account ?? '';
  const record = useRecordBarredContact(() => t('contacts.recorded', { account }));
  const form = useForm<ContactValues>({
    resolver: zodResolver(recordBarredContactBodySchema.pick({ channel: true, content: true })),
    defaultValues: { channel: 'email', content: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync({ id: hit.id, ...values });
      onClose();
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <Modal open onClose={onClose} title={t('contacts.dialogTitle', { account })} closable={!record.isPending}>
      <form onSubmit={submit} noValidate className="barred-form">
        <p className="barred-muted">{t('contacts.dialogHelp')}</p>
        <SelectField label={t('contacts.channelLabel')} {...form.register('channel')}>
          {CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {t(`contacts.channels.${channel}`)}
            </option>
          ))}
        </SelectField>
        <ReasonField
          label={t('contacts.contentLabel')}
          hint={t('contacts.contentHint')}
          required
          error={form.formState.errors.content ? t('contacts.contentError') : undefined}
          registration={form.register('content')}
          rows={3}
          maxLength={1000}
        />
        <FormError message={record.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={record.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('contacts.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
