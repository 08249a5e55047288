import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { TextField } from '@wps/ui/text-field';
import {
  addAmlPepBodySchema,
  removeAmlPepBodySchema,
  type AddAmlPepBody,
  type AmlPepEntry,
} from '@wps/shared/schemas/aml';
import {
  SandboxCpfListPage,
  checkedCpfSchema,
  type SandboxCpfAddForm,
  type SandboxCpfListApi,
} from '../../../components/sandbox-cpf-list';
import { useCan } from '../../../lib/permissions';
import { useAddAmlPep } from '../api/add-aml-pep';
import { useAmlPepSandbox } from '../api/aml-pep-sandbox';
import { useRemoveAmlPep } from '../api/remove-aml-pep';

const api: SandboxCpfListApi<AmlPepEntry, AddAmlPepBody> = {
  useList: useAmlPepSandbox,
  useAdd: useAddAmlPep,
  useRemove: useRemoveAmlPep,
};

const addResolver = zodResolver(addAmlPepBodySchema.extend({ cpf: checkedCpfSchema }));

/**
 * The sandbox PEP provider's list (settings.read; changes settings.write): the CPFs it answers as
 * politically exposed, with the role. It stands in for a real PEP list outside production
 * (ALLOW_SANDBOX_AML keeps it on there); with it off the page says so. A CPF listed here is found
 * at its next sign-up or by the daily sweep.
 */
export function PepSandboxPage() {
  const { t } = useTranslation('aml');
  const canWrite = useCan('settings.write');
  // A CPF is listed with the role the provider would name (audited).
  const addForm: SandboxCpfAddForm<AddAmlPepBody> = {
    resolver: addResolver,
    defaultValues: { cpf: '', role: '' },
    valuesAfterAdd: () => ({ cpf: '', role: '' }),
    fields: (form) => (
      <TextField
        label={t('pepSandbox.roleLabel')}
        requiredMark
        maxLength={120}
        error={form.formState.errors.role ? t('pepSandbox.roleError') : undefined}
        {...form.register('role')}
      />
    ),
  };
  return (
    <SandboxCpfListPage
      api={api}
      canWrite={canWrite}
      labels={{
        documentTitle: t('pepSandbox.documentTitle'),
        title: t('pepSandbox.title'),
        intro: t('pepSandbox.intro'),
        loading: t('pepSandbox.loading'),
        off: t('pepSandbox.off'),
        empty: t('pepSandbox.empty'),
        caption: t('pepSandbox.caption'),
        columns: {
          cpf: t('pepSandbox.columns.cpf'),
          added: t('pepSandbox.columns.added'),
          actions: t('pepSandbox.columns.actions'),
        },
        addTitle: t('pepSandbox.addTitle'),
        cpfLabel: t('pepSandbox.cpfLabel'),
        cpfError: t('pepSandbox.cpfError'),
        add: t('pepSandbox.add'),
        added: t('pepSandbox.added'),
        remove: t('pepSandbox.remove'),
        removeFor: (cpf) => t('pepSandbox.removeFor', { cpf }),
        removeTitle: (cpf) => t('pepSandbox.removeTitle', { cpf }),
        removeNoteLabel: t('pepSandbox.noteLabel'),
        removeHint: t('pepSandbox.removeHint'),
        removeNoteError: t('pepSandbox.noteError'),
        removed: (cpf) => t('pepSandbox.removed', { cpf }),
      }}
      columns={[{ key: 'role', header: t('pepSandbox.columns.role'), cell: (entry) => entry.role }]}
      addForm={addForm}
      removeSchema={removeAmlPepBodySchema}
    />
  );
}
