import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  BARRED_REASONS,
  addBarredCpfBodySchema,
  removeBarredCpfBodySchema,
  type AddBarredCpfBody,
  type BarredListEntry,
} from '@wps/shared/schemas/identity';
import { ReasonField } from '../../../components/reason-field';
import {
  SandboxCpfListPage,
  checkedCpfSchema,
  type SandboxCpfListApi,
  type SandboxCpfAddForm,
} from '../../../components/sandbox-cpf-list';
import { useCan } from '../../../lib/permissions';
import { useAddBarredCpf } from '../api/add-barred-cpf';
import { useBarredList } from '../api/barred-list';
import { useRemoveBarredCpf } from '../api/remove-barred-cpf';
import './barred-list.css';

const api: SandboxCpfListApi<BarredListEntry, AddBarredCpfBody> = {
  useList: useBarredList,
  useAdd: useAddBarredCpf,
  useRemove: useRemoveBarredCpf,
};

const addResolver = zodResolver(addBarredCpfBodySchema.extend({ cpf: checkedCpfSchema }));

/**
 * The sandbox barred-persons provider's list (settings.read; changes settings.write): the CPFs it
 * answers as barred, with the regulator's reason. It stands in for the regulator's system outside
 * production (ALLOW_SANDBOX_BARRED_LIST keeps it on there); with it off the page says so.
 */
export function BarredListPage() {
  const { t } = useTranslation('barred-list');
  const canWrite = useCan('settings.write');
  // A CPF is listed with the regulator's reason and a note (audited); the reason stays chosen for the next one.
  const addForm: SandboxCpfAddForm<AddBarredCpfBody> = {
    resolver: addResolver,
    defaultValues: { cpf: '', reason: 'court_order', note: '' },
    valuesAfterAdd: (sent) => ({ cpf: '', reason: sent.reason, note: '' }),
    fields: (form) => (
      <>
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
          error={form.formState.errors.note ? t('list.noteError') : undefined}
          registration={form.register('note')}
          maxLength={500}
        />
      </>
    ),
  };
  return (
    <SandboxCpfListPage
      api={api}
      canWrite={canWrite}
      labels={{
        documentTitle: t('list.documentTitle'),
        title: t('list.title'),
        intro: t('list.intro'),
        loading: t('list.loading'),
        off: t('list.off'),
        empty: t('list.empty'),
        caption: t('list.caption'),
        columns: { cpf: t('list.columns.cpf'), added: t('list.columns.added'), actions: t('list.columns.actions') },
        addTitle: t('list.addTitle'),
        cpfLabel: t('list.cpfLabel'),
        cpfError: t('list.cpfError'),
        add: t('list.add'),
        added: t('list.added'),
        remove: t('list.remove'),
        removeFor: (cpf) => t('list.removeFor', { cpf }),
        removeTitle: (cpf) => t('list.removeTitle', { cpf }),
        removeNoteLabel: t('list.noteLabel'),
        removeHint: t('list.removeHint'),
        removeNoteError: t('list.noteError'),
        removed: (cpf) => t('list.removed', { cpf }),
      }}
      columns={[
        { key: 'reason', header: t('list.columns.reason'), cell: (entry) => t(`reasons.${entry.reason}`) },
        {
          key: 'note',
          header: t('list.columns.note'),
          cell: (entry) => entry.note ?? '—',
          className: 'barred-note',
        },
      ]}
      addForm={addForm}
      removeSchema={removeBarredCpfBodySchema}
    />
  );
}
