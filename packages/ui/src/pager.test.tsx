import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

function renderPager(page: number, totalPages: number, label?: string) {
  const onPage = vi.fn();
  render(
    <Pager
      page={page}
      totalPages={totalPages}
      onPage={onPage}
      pageLabel={`Página ${page} de ${totalPages}`}
      previousLabel="Anterior"
      nextLabel="Próxima"
      label={label}
    />,
  );
  return onPage;
}

describe('Pager', () => {
  it('turns Previous off on the first page and moves to the next one', async () => {
    const onPage = renderPager(1, 3);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
  });

  it('turns Next off on the last page and moves back', async () => {
    const onPage = renderPager(3, 3);
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('is a navigation landmark only when it has a label', () => {
    renderPager(2, 3, 'Páginas');
    expect(screen.getByRole('navigation', { name: 'Páginas' })).toBeInTheDocument();
  });
});
