import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { PepSandboxPage } from './pep-sandbox-page';

afterEach(() => vi.unstubAllGlobals());

describe('PepSandboxPage', () => {
  it('lists the CPFs masked with their role and lists another, refusing a CPF whose digits do not check', async () => {
    const api = stubOps({
      'GET /ops/aml/pep-sandbox': ok({
        list: [{ id: '3', cpfMasked: '***.982.247-**', role: 'Prefeito', addedAt: '2026-11-27T12:00:00Z' }],
        sandbox: true,
      }),
      'POST /ops/aml/pep-sandbox': ok({ id: '4' }),
    });
    const user = setupUser();
    renderWithApp(<PepSandboxPage />, { role: 'admin' });
    const row = (await screen.findByRole('rowheader', { name: '***.982.247-**' })).closest('tr')!;
    expect(row).toHaveTextContent('Prefeito');
    const form = screen.getByRole('form', { name: 'Incluir um CPF' });
    await fill(user, within(form).getByLabelText(/CPF/), '123.456.789-00');
    await fill(user, within(form).getByLabelText(/Cargo/), 'Deputado federal');
    await user.click(within(form).getByRole('button', { name: 'Incluir' }));
    expect(await within(form).findByText('Informe um CPF válido.')).toBeInTheDocument();
    expect(api.callsTo('POST /ops/aml/pep-sandbox')).toEqual([]);
    await fill(user, within(form).getByLabelText(/CPF/), '529.982.247-25');
    await user.click(within(form).getByRole('button', { name: 'Incluir' }));
    await vi.waitFor(() => expect(api.callsTo('POST /ops/aml/pep-sandbox')).toHaveLength(1));
    expect(api.callsTo('POST /ops/aml/pep-sandbox')[0]?.body).toEqual({ cpf: '52998224725', role: 'Deputado federal' });
  });

  it('says the sandbox is off where it is, and offers no form to who cannot change settings', async () => {
    stubOps({ 'GET /ops/aml/pep-sandbox': ok({ list: [], sandbox: false }) });
    renderWithApp(<PepSandboxPage />, { role: 'support', language: 'en' });
    expect(await screen.findByText('The test provider is off on this server (production).')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('form', { name: 'List a CPF' })).not.toBeInTheDocument();
  });
});
