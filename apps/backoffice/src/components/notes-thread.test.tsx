import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fill, renderWithApp, setupUser } from '../lib/test-render';
import { NotesThread, type NotesThreadProps, type ThreadNote } from './notes-thread';

/** The notes routes' body, as the AML and monitoring schemas write it. */
const schema = z.object({ body: z.string().trim().min(1).max(2000) });

const labels: NotesThreadProps['labels'] = {
  title: 'Notas',
  none: 'Nenhuma nota ainda.',
  form: 'Nova nota',
  label: 'Nota',
  error: 'Escreva de 1 a 2.000 caracteres.',
  add: 'Adicionar nota',
};

const note: ThreadNote = {
  id: '1',
  operator: 'ana.lima',
  body: 'Liguei para o jogador.\nPediu um limite menor.',
  createdAt: '2026-11-27T13:00:00Z',
};

function renderThread(props: Partial<NotesThreadProps> = {}) {
  const onAdd = vi.fn<NotesThreadProps['onAdd']>().mockResolvedValue(undefined);
  renderWithApp(
    <NotesThread
      notes={[note]}
      labels={labels}
      schema={schema}
      onAdd={onAdd}
      isPending={false}
      errorMessage={null}
      {...props}
    />,
  );
  return { onAdd, user: setupUser() };
}

describe('NotesThread', () => {
  it('lists the notes under its heading, each with who wrote it and when', () => {
    renderThread({ testId: 'case-notes' });
    expect(screen.getByRole('region', { name: 'Notas' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Notas' });
    expect(list).toBe(screen.getByTestId('case-notes'));
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Liguei para o jogador.');
    expect(item).toHaveTextContent('ana.lima');
    expect(item.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T13:00:00Z');
  });

  it('says there is no note yet instead of an empty list', () => {
    renderThread({ notes: [] });
    expect(screen.getByText('Nenhuma nota ainda.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('refuses a blank note without sending it', async () => {
    const { onAdd, user } = renderThread();
    const form = screen.getByRole('form', { name: 'Nova nota' });
    await fill(user, within(form).getByLabelText('Nota'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Adicionar nota' }));
    expect(await within(form).findByText('Escreva de 1 a 2.000 caracteres.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nota')).toHaveAttribute('aria-invalid', 'true');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('sends the trimmed note and clears the field after it', async () => {
    const { onAdd, user } = renderThread();
    const form = screen.getByRole('form', { name: 'Nova nota' });
    await fill(user, within(form).getByLabelText('Nota'), '  Documento recebido.  ');
    await user.click(within(form).getByRole('button', { name: 'Adicionar nota' }));
    await vi.waitFor(() => expect(onAdd).toHaveBeenCalledWith('Documento recebido.'));
    await vi.waitFor(() => expect(within(form).getByLabelText('Nota')).toHaveValue(''));
  });

  it("keeps the typed note when the send fails, and shows the server's error", async () => {
    const onAdd = vi.fn<NotesThreadProps['onAdd']>().mockRejectedValue(new Error('refused'));
    const { user } = renderThread({ onAdd, errorMessage: 'Sem permissão para esta ação.' });
    const form = screen.getByRole('form', { name: 'Nova nota' });
    await fill(user, within(form).getByLabelText('Nota'), 'Documento recebido.');
    await user.click(within(form).getByRole('button', { name: 'Adicionar nota' }));
    await vi.waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(within(form).getByLabelText('Nota')).toHaveValue('Documento recebido.');
    expect(within(form).getByText('Sem permissão para esta ação.')).toBeInTheDocument();
  });
});
