import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LicenceNotes } from '@wps/shared/schemas/operator-identity';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { LicenceWarnings } from '../../../components/licence-warnings';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { OperatorIdentitySection } from './operator-identity-section';

afterEach(() => vi.unstubAllGlobals());

const IDENTITY = {
  legalName: 'Demo Apostas Ltda.',
  cnpj: '11.222.333/0001-81',
  registeredAddress: 'Rua Exemplo, 100 — São Paulo/SP',
  authorisationNumber: 'SPA/MF nº 0000/2026 (demonstração)',
};
const PLATFORM = 'https://www.gov.br/autoexclusaoapostas';

/** The two settings this section edits (the rest of the view is not read by it). */
const view = (identity = IDENTITY) =>
  ({
    values: { operatorIdentity: identity, selfExclusionUrl: PLATFORM },
    versions: { operatorIdentity: 'v-identity', selfExclusionUrl: 'v-platform' },
  }) as unknown as SiteSettingsView;

const BR_NOTES: LicenceNotes = {
  profile: 'BR',
  isIdentityRequired: true,
  missingIdentity: [],
  hasSelfExclusionLink: true,
  publicDomain: 'bet.br',
  publicUrl: 'https://lumenbet.example',
  outsideDomain: ['https://lumenbet.example'],
};
const PERMISSIVE_NOTES: LicenceNotes = {
  profile: 'permissive',
  isIdentityRequired: false,
  missingIdentity: [],
  hasSelfExclusionLink: false,
  publicDomain: null,
  publicUrl: 'https://lumenbet.example',
  outsideDomain: [],
};

function renderSection(notes: LicenceNotes, identity = IDENTITY) {
  const api = stubOps({
    'GET /ops/site-settings/licence-notes': ok(notes),
    'PUT /ops/site-settings': ({ body }) => ok(body),
  });
  const user = setupUser();
  renderWithApp(<OperatorIdentitySection view={view(identity)} canWrite />, { role: 'admin' });
  return { api, user };
}

describe('OperatorIdentitySection', () => {
  it('under BR warns that the public address is not under bet.br, and marks the four fields required', async () => {
    renderSection(BR_NOTES);
    const warnings = await screen.findByRole('region', { name: 'Avisos da licença' });
    expect(warnings).toHaveTextContent('A licença BR pede o site sob bet.br');
    expect(warnings).toHaveTextContent('https://lumenbet.example');
    for (const name of ['Razão social', 'CNPJ', 'Endereço da sede', 'Autorização SPA/MF'])
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'CNPJ' })).toHaveValue('11.222.333/0001-81');
    // A warning, never a block: the form saves.
    expect(screen.getByRole('button', { name: 'Salvar mudanças' })).toBeEnabled();
  });

  it('under BR refuses to send the identification with a field blank, naming it', async () => {
    const { api, user } = renderSection(BR_NOTES);
    const cnpj = await screen.findByRole('textbox', { name: 'CNPJ' });
    await fill(user, cnpj, '');
    await fill(user, screen.getByLabelText(/Motivo da mudança/), 'dados da empresa');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    expect(await screen.findByText('Obrigatório na licença BR.')).toBeInTheDocument();
    expect(cnpj).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /ops/site-settings')).toHaveLength(0);
  });

  it('refuses a CNPJ whose check digits are wrong, and sends a typed one in its mask', async () => {
    const { api, user } = renderSection(BR_NOTES);
    const cnpj = await screen.findByRole('textbox', { name: 'CNPJ' });
    await fill(user, cnpj, '11.222.333/0001-80');
    await fill(user, screen.getByLabelText(/Motivo da mudança/), 'dados da empresa');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    expect(await screen.findByText('Este CNPJ não confere: verifique os dígitos.')).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/site-settings')).toHaveLength(0);

    await fill(user, cnpj, '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/site-settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/site-settings')[0]?.body).toEqual({
      changes: {
        operatorIdentity: { value: IDENTITY, version: 'v-identity' },
        selfExclusionUrl: { value: PLATFORM, version: 'v-platform' },
      },
      reason: 'dados da empresa',
    });
  });

  it('under the permissive profile requires nothing, warns of nothing, and saves blank fields', async () => {
    const blank = { legalName: '', cnpj: '', registeredAddress: '', authorisationNumber: '' };
    const { api, user } = renderSection(PERMISSIVE_NOTES, blank);
    const legalName = await screen.findByRole('textbox', { name: 'Razão social' });
    expect(legalName).not.toHaveAttribute('aria-required');
    expect(screen.queryByRole('region', { name: 'Avisos da licença' })).toBeNull();
    await fill(user, legalName, 'Lumen Entretenimento S.A.');
    await fill(user, screen.getByLabelText(/Motivo da mudança/), 'razão social');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/site-settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/site-settings')[0]?.body).toMatchObject({
      changes: { operatorIdentity: { value: { ...blank, legalName: 'Lumen Entretenimento S.A.' } } },
    });
  });
});

describe('LicenceWarnings (dashboard)', () => {
  it('names the blank fields and the addresses outside bet.br, with the way to the settings; in English too', () => {
    renderWithApp(
      <LicenceWarnings
        notes={{
          ...BR_NOTES,
          missingIdentity: ['cnpj', 'authorisationNumber'],
          outsideDomain: ['http://localhost:8080'],
        }}
        settingsLink
      />,
      { language: 'en' },
    );
    const warnings = screen.getByRole('region', { name: 'Licence warnings' });
    expect(warnings).toHaveTextContent(
      'The BR licence wants the site under bet.br. These addresses are not: http://localhost:8080.',
    );
    expect(warnings).toHaveTextContent('and this is missing: CNPJ, authorisation number.');
    expect(within(warnings).getByRole('link', { name: "Open the operator's identification" })).toHaveAttribute(
      'href',
      '/site-settings?section=identity',
    );
  });

  it('draws nothing when every address is under the domain and nothing is missing', () => {
    renderWithApp(<LicenceWarnings notes={{ ...BR_NOTES, outsideDomain: [] }} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
