import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TableScroll } from '@wps/ui/table-scroll';
import { TextField } from '@wps/ui/text-field';
import { normalizeCpf } from '@wps/shared/cpf';
import { errorText } from '../lib/error-text';
import { localeTag } from '../lib/i18n';
import { ReasonField } from './reason-field';
import './sandbox-cpf-list.css';

/** A listed CPF as a sandbox list answers it: masked, never whole. */
export type SandboxCpfEntry = { id: string; cpfMasked: string; addedAt: string };

/** A sandbox list's answer: its CPFs, and `sandbox` false where the sandbox is off (production). */
export type SandboxCpfList<E extends SandboxCpfEntry> = { list: E[]; sandbox: boolean };

/**
 * The CPF of an add form: the route takes 11 to 14 characters, the form also refuses a CPF whose
 * check digits are wrong before sending it. A feature extends its route's body schema with it.
 */
export const checkedCpfSchema = z.string().refine((value) => normalizeCpf(value) !== null, { message: 'cpf' });

/** What the list needs of a mutation: `useOpsMutation`'s call, state and translated error. */
type ListMutation<V> = {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
  errorMessage: string | null;
};

/**
 * The feature's api hooks. Pass a module-level object, so the same hooks run on every render (a
 * hook that changed between renders would break React's order of hooks).
 */
export type SandboxCpfListApi<E extends SandboxCpfEntry, B extends { cpf: string }> = {
  useList: () => UseQueryResult<SandboxCpfList<E>>;
  useAdd: (successText: () => string) => ListMutation<B>;
  useRemove: (successText: () => string) => ListMutation<{ id: string; note: string }>;
};

/** The words of one list, from the feature's own locale keys. */
export type SandboxCpfListLabels = {
  documentTitle: string;
  title: string;
  intro: string;
  loading: string;
  /** Said instead of the list where the sandbox is off. */
  off: string;
  empty: string;
  /** The table's name. */
  caption: string;
  columns: { cpf: string; added: string; actions: string };
  /** The add form's heading and accessible name. */
  addTitle: string;
  cpfLabel: string;
  cpfError: string;
  add: string;
  /** The notice after a CPF was listed. */
  added: string;
  remove: string;
  /** The remove button's accessible name on a row. */
  removeFor: (cpf: string) => string;
  removeTitle: (cpf: string) => string;
  /** The remove dialog's reason field: its label, hint and error. */
  removeNoteLabel: string;
  removeHint: string;
  removeNoteError: string;
  /** The notice after a CPF was taken off. */
  removed: (cpf: string) => string;
};

/** A column of the feature's between the CPF and when it was listed. */
export type SandboxCpfColumn<E> = { key: string; header: string; cell: (entry: E) => ReactNode; className?: string };

/** The add form beyond its CPF field. */
export type SandboxCpfAddForm<B extends { cpf: string }> = {
  /** `zodResolver` of the route's body schema with `checkedCpfSchema` as its CPF, built once by the feature. */
  resolver: Resolver<B>;
  defaultValues: DefaultValues<B>;
  /** The values after a CPF was listed: the CPF cleared, a feature may keep a choice for the next one. */
  valuesAfterAdd: (sent: B) => DefaultValues<B>;
  /** The feature's fields after the CPF (a role; a reason and a note). */
  fields: (form: UseFormReturn<B>) => ReactNode;
};

export type SandboxCpfListPageProps<E extends SandboxCpfEntry, B extends { cpf: string }> = {
  api: SandboxCpfListApi<E, B>;
  labels: SandboxCpfListLabels;
  columns: readonly SandboxCpfColumn<E>[];
  addForm: SandboxCpfAddForm<B>;
  /** The remove route's body schema (a reason, audited). */
  removeSchema: z.ZodType<{ note: string }, { note: string }>;
  /** Whether the operator may change the list (the add form and the remove buttons). */
  canWrite: boolean;
};

/**
 * A sandbox provider's list of CPFs (the barred-persons list, the PEP list): what it answers for
 * each listed CPF, shown masked, with a form to list another and a way to take one off with a
 * reason (both audited by the server). The sandbox stands in for the real provider outside
 * production; where it is off the page says so. Each feature brings its api hooks, its words,
 * its own columns and its add form's fields; the page around them is this one.
 */
export function SandboxCpfListPage<E extends SandboxCpfEntry, B extends { cpf: string }>({
  api,
  labels,
  columns,
  addForm,
  removeSchema,
  canWrite,
}: SandboxCpfListPageProps<E, B>) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { useList } = api;
  const list = useList();
  const [removing, setRemoving] = useState<E | null>(null);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  useEffect(() => {
    document.title = labels.documentTitle;
  }, [labels.documentTitle]);

  return (
    <section className="page" aria-labelledby={titleId}>
      <div className="page-header">
        <h1 id={titleId}>{labels.title}</h1>
      </div>
      <p>{labels.intro}</p>
      {list.isPending ? (
        <LoadingState label={labels.loading} />
      ) : list.isError ? (
        <ErrorState message={errorText(t, list.error)} />
      ) : !list.data.sandbox ? (
        <p role="status">{labels.off}</p>
      ) : (
        <>
          {canWrite && <AddForm api={api} labels={labels} addForm={addForm} />}
          {list.data.list.length === 0 ? (
            <p className="sandbox-cpf-muted">{labels.empty}</p>
          ) : (
            <TableScroll label={labels.caption}>
              <table className="data-table plain-table">
                <caption className="visually-hidden">{labels.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{labels.columns.cpf}</th>
                    {columns.map((column) => (
                      <th key={column.key} scope="col">
                        {column.header}
                      </th>
                    ))}
                    <th scope="col">{labels.columns.added}</th>
                    {canWrite && <th scope="col">{labels.columns.actions}</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((entry) => (
                    <tr key={entry.id}>
                      <th scope="row" className="sandbox-cpf">
                        {entry.cpfMasked}
                      </th>
                      {columns.map((column) => (
                        <td key={column.key} className={column.className}>
                          {column.cell(entry)}
                        </td>
                      ))}
                      <td>
                        <time dateTime={entry.addedAt}>{dates.format(new Date(entry.addedAt))}</time>
                      </td>
                      {canWrite && (
                        <td>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={labels.removeFor(entry.cpfMasked)}
                            onClick={() => setRemoving(entry)}
                          >
                            {labels.remove}
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
      {removing && (
        <RemoveDialog
          api={api}
          labels={labels}
          schema={removeSchema}
          entry={removing}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

/** List a CPF with the feature's fields (audited). */
function AddForm<E extends SandboxCpfEntry, B extends { cpf: string }>({
  api,
  labels,
  addForm,
}: {
  api: SandboxCpfListApi<E, B>;
  labels: SandboxCpfListLabels;
  addForm: SandboxCpfAddForm<B>;
}) {
  const { useAdd } = api;
  const add = useAdd(() => labels.added);
  const form = useForm<B>({ resolver: addForm.resolver, defaultValues: addForm.defaultValues });
  // Every add body has its CPF; react-hook-form cannot see that field through the feature's type.
  const cpf = 'cpf' as Path<B>;
  const cpfError = form.getFieldState(cpf, form.formState).error;
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync({ ...body, cpf: normalizeCpf(body.cpf) ?? body.cpf });
      form.reset(addForm.valuesAfterAdd(body));
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <form className="sandbox-cpf-add" aria-label={labels.addTitle} onSubmit={submit} noValidate>
      <h2>{labels.addTitle}</h2>
      <TextField
        label={labels.cpfLabel}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        error={cpfError ? labels.cpfError : undefined}
        {...form.register(cpf)}
      />
      {addForm.fields(form)}
      <FormError message={add.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={add.isPending}>
          {labels.add}
        </Button>
      </div>
    </form>
  );
}

/** Take a CPF off the sandbox list, with why (audited). */
function RemoveDialog<E extends SandboxCpfEntry, B extends { cpf: string }>({
  api,
  labels,
  schema,
  entry,
  onClose,
}: {
  api: SandboxCpfListApi<E, B>;
  labels: SandboxCpfListLabels;
  schema: z.ZodType<{ note: string }, { note: string }>;
  entry: E;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { useRemove } = api;
  const remove = useRemove(() => labels.removed(entry.cpfMasked));
  const form = useForm<{ note: string }>({ resolver: zodResolver(schema), defaultValues: { note: '' } });
  const submit = form.handleSubmit(async ({ note }) => {
    try {
      await remove.mutateAsync({ id: entry.id, note });
      onClose();
    } catch {
      // Shown under the form (errorMessage).
    }
  });
  return (
    <Modal open onClose={onClose} title={labels.removeTitle(entry.cpfMasked)} closable={!remove.isPending}>
      <form onSubmit={submit} noValidate className="sandbox-cpf-remove">
        <ReasonField
          label={labels.removeNoteLabel}
          hint={labels.removeHint}
          required
          error={form.formState.errors.note ? labels.removeNoteError : undefined}
          registration={form.register('note')}
          maxLength={500}
        />
        <FormError message={remove.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={remove.isPending}>
            {labels.remove}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
