import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { TextField } from '@wps/ui/text-field';
import { normalizeCpf } from '@wps/shared/cpf';
import {
  BARRED_REASONS,
  addBarredCpfBodySchema,
  removeBarredCpfBodySchema,
  type AddBarredCpfBody,
  type BarredListEntry,
} from '@wps/shared/schemas/identity';
import { ReasonField } from '../../../components/reason-field';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useAddBarredCpf } from '../api/add-barred-cpf';
import { useBarredList } from '../api/barred-list';
import { useRemoveBarredCpf } from '../api/remove-barred-cpf';
import './barred-list.css';

const addSchema = addBarredCpfBodySchema.extend({
  cpf: z.string().refine((value) => normalizeCpf(value) !== null, { message: 'cpf' }),
});

/**
 * The sandbox barred-persons provider's list (settings.read; changes settings.write): the CPFs it
 * answers as barred, with the regulator's reason. It stands in for the regulator's system outside
 * production (ALLOW_SANDBOX_BARRED_LIST keeps it on there); with it off the page says so.
 */
export function BarredListPage() {
  const { t, i18n } = useTranslation('barred-list');
  const { t: tc } = useTranslation();
  const canWrite = useCan('settings.write');
  const list = useBarredList();
  const [removing, setRemoving] = useState<BarredListEntry | null>(null);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('list.documentTitle');
  }, [t]);

  return (
    <section className="page" aria-labelledby="barred-list-title">
      <div className="page-header">
        <h1 id="barred-list-title">{t('list.title')}</h1>
      </div>
      <p>{t('list.intro')}</p>
      {list.isPending ? (
        <LoadingState label={t('list.loading')} />
      ) : list.isError ? (
        <ErrorState message={errorText(tc, list.error)} />
      ) : !list.data.sandbox ? (
        <p role="status">{t('list.off')}</p>
      ) : (
        <>
          {canWrite && <AddForm />}
          {list.data.list.length === 0 ? (
            <p className="barred-muted">{t('list.empty')}</p>
          ) : (
            <TableScroll label={t('list.caption')}>
              <table className="data-table plain-table">
                <caption className="visually-hidden">{t('list.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('list.columns.cpf')}</th>
                    <th scope="col">{t('list.columns.reason')}</th>
                    <th scope="col">{t('list.columns.note')}</th>
                    <th scope="col">{t('list.columns.added')}</th>
                    {canWrite && <th scope="col">{t('list.columns.actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((entry) => (
                    <tr key={entry.id}>
                      <th scope="row" className="barred-cpf">
                        {entry.cpfMasked}
                      </th>
                      <td>{t(`reasons.${entry.reason}`)}</td>
                      <td className="barred-note">{entry.note ?? '—'}</td>
                      <td>
                        <time dateTime={entry.addedAt}>{dates.format(new Date(entry.addedAt))}</time>
                      </td>
                      {canWrite && (
                        <td>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={t('list.removeFor', { cpf: entry.cpfMasked })}
                            onClick={() => setRemoving(entry)}
                          >
                            {t('list.remove')}
                          </Button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
      {removing && <RemoveDialog entry={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

/** List a CPF with the regulator's reason and a note (audited). */
function AddForm() {
  const { t } = useTranslation('barred-list');
  const add = useAddBarredCpf(() => t('list.added'));
  const form = useForm<AddBarredCpfBody>({
    resolver: zodResolver(addSchema),
    defaultValues: { cpf: '', reason: 'court_order', note: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync({ ...body, cpf: normalizeCpf(body.cpf) ?? body.cpf });
      form.reset({ cpf: '', reason: body.reason, note: '' });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <form className="barred-add" aria-label={t('list.addTitle')} onSubmit={submit} noValidate>
      <h2>{t('list.addTitle')}</h2>
      <TextField
        label={t('list.cpfLabel')}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        error={errors.cpf ? t('list.cpfError') : undefined}
        {...form.register('cpf')}
      />
      <label className="field">
        <span className="field__label">{t('list.reasonLabel')}</span>
        <select className="field__input" {...form.register('reason')}>
          {BARRED_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </select>
      </label>
      <ReasonField
        label={t('list.noteLabel')}
        hint={t('list.noteHint')}
        required
        error={errors.note ? t('list.noteError') : undefined}
        registration={form.register('note')}
        maxLength={500}
      />
      <FormError message={add.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={add.isPending}>
          {t('list.add')}
        </Button>
      </div>
    </form>
  );
}

/** Take a CPF off the sandbox list, with why (audited). */
function RemoveDialog({ entry, onClose }: { entry: BarredListEntry; onClose: () => void }) {
  const { t } = useTranslation('barred-list');
  const remove = useRemoveBarredCpf(() => t('list.removed', { cpf: entry.cpfMasked }));
  const form = useForm<{ note: string }>({
    resolver: zodResolver(removeBarredCpfBodySchema),
    defaultValues: { note: '' },
  });
  const submit = form.handleSubmit(async ({ note }) => {
    try {
      await remove.mutateAsync({ id: entry.id, note });
      onClose();
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <Modal open onClose={onClose} title={t('list.removeTitle', { cpf: entry.cpfMasked })} closable={!remove.isPending}>
      <form onSubmit={submit} noValidate className="barred-form">
        <ReasonField
          label={t('list.noteLabel')}
          hint={t('list.removeHint')}
          required
          error={form.formState.errors.note ? t('list.noteError') : undefined}
          registration={form.register('note')}
          maxLength={500}
        />
        <FormError message={remove.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={remove.isPending}>
            {t('list.remove')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
