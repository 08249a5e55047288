import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { BarredListPage } from './barred-list-page';

afterEach(() => vi.unstubAllGlobals());

describe('BarredListPage', () => {
  it("lists the CPFs with the regulator's reason and the note, and lists another with its reason and note", async () => {
    const api = stubOps({
      'GET /ops/compliance/barred-list': ok({
        list: [
          {
            id: '3',
            cpfMasked: '***.982.247-**',
            reason: 'self_excluded',
            note: null,
            addedAt: '2026-11-27T12:00:00Z',
          },
        ],
        sandbox: true,
      }),
      'POST /ops/compliance/barred-list': ok({ id: '4' }),
    });
    const user = setupUser();
    renderWithApp(<BarredListPage />, { role: 'admin' });
    const row = (await screen.findByRole('rowheader', { name: '***.982.247-**' })).closest('tr')!;
    expect(row).toHaveTextContent('Autoexcluído');
    expect(row).toHaveTextContent('—');

    const form = screen.getByRole('form', { name: 'Listar um CPF' });
    await fill(user, within(form).getByLabelText(/CPF/), '529.982.247-25');
    await user.selectOptions(within(form).getByLabelText('Motivo'), 'Menor de idade');
    await fill(user, within(form).getByLabelText(/Observação/), 'Ofício do regulador');
    await user.click(within(form).getByRole('button', { name: 'Listar CPF' }));
    await vi.waitFor(() => expect(api.callsTo('POST /ops/compliance/barred-list')).toHaveLength(1));
    expect(api.callsTo('POST /ops/compliance/barred-list')[0]?.body).toEqual({
      cpf: '52998224725',
      reason: 'minor',
      note: 'Ofício do regulador',
    });
    // The next CPF starts empty, with the reason just chosen.
    await vi.waitFor(() => expect(within(form).getByLabelText(/CPF/)).toHaveValue(''));
    expect(within(form).getByLabelText('Motivo')).toHaveValue('minor');
    expect(within(form).getByLabelText(/Observação/)).toHaveValue('');
  });
});
