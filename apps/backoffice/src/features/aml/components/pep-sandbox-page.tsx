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
  addAmlPepBodySchema,
  removeAmlPepBodySchema,
  type AddAmlPepBody,
  type AmlPepEntry,
} from '@wps/shared/schemas/aml';
import { ReasonField } from '../../../components/reason-field';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useAddAmlPep } from '../api/add-aml-pep';
import { useAmlPepSandbox } from '../api/aml-pep-sandbox';
import { useRemoveAmlPep } from '../api/remove-aml-pep';
import './aml.css';

const addSchema = addAmlPepBodySchema.extend({
  cpf: z.string().refine((value) => normalizeCpf(value) !== null, { message: 'cpf' }),
});

/**
 * The sandbox PEP provider's list (settings.read; changes settings.write): the CPFs it answers as
 * politically exposed, with the role. It stands in for a real PEP list outside production
 * (ALLOW_SANDBOX_AML keeps it on there); with it off the page says so. A CPF listed here is found
 * at its next sign-up or by the daily sweep.
 */
export function PepSandboxPage() {
  const { t, i18n } = useTranslation('aml');
  const canWrite = useCan('settings.write');
  const list = useAmlPepSandbox();
  const [removing, setRemoving] = useState<AmlPepEntry | null>(null);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = t('pepSandbox.documentTitle');
  }, [t]);

  return (
    <section className="page" aria-labelledby="aml-pep-title">
      <div className="page-header">
        <h1 id="aml-pep-title">{t('pepSandbox.title')}</h1>
      </div>
      <p>{t('pepSandbox.intro')}</p>
      {list.isPending ? (
        <LoadingState label={t('pepSandbox.loading')} />
      ) : list.isError ? (
        <ErrorState message={errorText(t, list.error)} />
      ) : !list.data.sandbox ? (
        <p role="status">{t('pepSandbox.off')}</p>
      ) : (
        <>
          {canWrite && <AddForm />}
          {list.data.list.length === 0 ? (
            <p>{t('pepSandbox.empty')}</p>
          ) : (
            <TableScroll label={t('pepSandbox.caption')}>
              <table className="data-table plain-table">
                <caption className="visually-hidden">{t('pepSandbox.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('pepSandbox.columns.cpf')}</th>
                    <th scope="col">{t('pepSandbox.columns.role')}</th>
                    <th scope="col">{t('pepSandbox.columns.added')}</th>
                    {canWrite && <th scope="col">{t('pepSandbox.columns.actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((entry) => (
                    <tr key={entry.id}>
                      <th scope="row">{entry.cpfMasked}</th>
                      <td>{entry.role}</td>
                      <td>
                        <time dateTime={entry.addedAt}>{dates.format(new Date(entry.addedAt))}</time>
                      </td>
                      {canWrite && (
                        <td>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={t('pepSandbox.removeFor', { cpf: entry.cpfMasked })}
                            onClick={() => setRemoving(entry)}
                          >
                            {t('pepSandbox.remove')}
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

/** List a CPF as a PEP with the role the provider would name (audited). */
function AddForm() {
  const { t } = useTranslation('aml');
  const add = useAddAmlPep(() => t('pepSandbox.added'));
  const form = useForm<AddAmlPepBody>({
    resolver: zodResolver(addSchema),
    defaultValues: { cpf: '', role: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync({ ...body, cpf: normalizeCpf(body.cpf) ?? body.cpf });
      form.reset({ cpf: '', role: '' });
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <form className="aml-form" aria-label={t('pepSandbox.addTitle')} onSubmit={submit} noValidate>
      <h2>{t('pepSandbox.addTitle')}</h2>
      <TextField
        label={t('pepSandbox.cpfLabel')}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        error={errors.cpf ? t('pepSandbox.cpfError') : undefined}
        {...form.register('cpf')}
      />
      <TextField
        label={t('pepSandbox.roleLabel')}
        requiredMark
        maxLength={120}
        error={errors.role ? t('pepSandbox.roleError') : undefined}
        {...form.register('role')}
      />
      <FormError message={add.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={add.isPending}>
          {t('pepSandbox.add')}
        </Button>
      </div>
    </form>
  );
}

/** Take a CPF off the sandbox list, with why (audited). */
function RemoveDialog({ entry, onClose }: { entry: AmlPepEntry; onClose: () => void }) {
  const { t } = useTranslation('aml');
  const remove = useRemoveAmlPep(() => t('pepSandbox.removed', { cpf: entry.cpfMasked }));
  const form = useForm<{ note: string }>({
    resolver: zodResolver(removeAmlPepBodySchema),
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
    <Modal
      open
      onClose={onClose}
      title={t('pepSandbox.removeTitle', { cpf: entry.cpfMasked })}
      closable={!remove.isPending}
    >
      <form onSubmit={submit} noValidate className="aml-form">
        <ReasonField
          label={t('pepSandbox.noteLabel')}
          hint={t('pepSandbox.removeHint')}
          required
          error={form.formState.errors.note ? t('pepSandbox.noteError') : undefined}
          registration={form.register('note')}
          maxLength={500}
        />
        <FormError message={remove.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={remove.isPending}>
            {t('pepSandbox.remove')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
