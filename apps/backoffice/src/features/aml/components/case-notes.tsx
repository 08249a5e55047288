import { useTranslation } from 'react-i18next';
import type { AmlCaseDetail } from '@wps/shared/schemas/aml';
import { NotesThread } from '../../../components/notes-thread';
import { amlNoteFormSchema, useAddAmlNote } from '../api/add-aml-note';

/** The case's notes, oldest first, with a form for another (open to every state: what followed a filing counts too). */
export function CaseNotes({ amlCase }: { amlCase: AmlCaseDetail }) {
  const { t } = useTranslation('aml');
  const add = useAddAmlNote(() => t('notes.added'));
  return (
    <NotesThread
      notes={amlCase.noteList}
      labels={{
        title: t('notes.title'),
        none: t('notes.none'),
        form: t('notes.form'),
        label: t('notes.label'),
        error: t('notes.error'),
        add: t('notes.add'),
      }}
      schema={amlNoteFormSchema}
      onAdd={(body) => add.mutateAsync({ id: amlCase.id, body })}
      isPending={add.isPending}
      errorMessage={add.errorMessage}
    />
  );
}
