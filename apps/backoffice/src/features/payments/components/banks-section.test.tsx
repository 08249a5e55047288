import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { BanksSection } from './banks-section';

afterEach(() => vi.unstubAllGlobals());

describe('BanksSection', () => {
  it('refuses a new bank under a code the list already has, before asking the server', async () => {
    const api = stubOps({
      'GET /ops/banks': ok([
        { code: '260', name: 'Nubank', sortOrder: 1, enabled: true, accountCount: 0 },
        { code: '341', name: 'Itaú', sortOrder: 2, enabled: true, accountCount: 0 },
      ]),
    });
    const user = setupUser();
    renderWithApp(<BanksSection canWrite />);
    expect(await screen.findByText('Nubank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar banco' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar banco' });
    await fill(user, within(dialog).getByLabelText(/Código do banco/), '260');
    await fill(user, within(dialog).getByLabelText(/Nome mostrado aos jogadores/), 'Outro Nubank');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'banco pedido por jogadores');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar banco' }));
    expect(
      await within(dialog).findByText('Já existe um banco com este código na lista: edite-o por lá.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/banks/260')).toHaveLength(0);
  });
});
