import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicOperatorIdentity } from '@wps/shared/schemas/operator-identity';
import { buildPermission, ok, pending, renderWithProviders, stubApi } from '../lib/test-render';
import { Footer } from './footer';
import { LegalPageRoute } from './pages/legal-page-route';

afterEach(() => vi.unstubAllGlobals());

/** The permission call's identification as the server sends it under BR: every field, and the platform's link. */
const BR_IDENTITY: PublicOperatorIdentity = {
  legalName: 'Demo Apostas Ltda.',
  cnpj: '11.222.333/0001-81',
  registeredAddress: 'Rua Exemplo, 100 — São Paulo/SP',
  authorisationNumber: 'SPA/MF nº 0000/2026 (demonstração)',
  selfExclusionUrl: 'https://www.gov.br/autoexclusaoapostas',
};

async function renderFooter(operatorIdentity: PublicOperatorIdentity, legalPages: string[] = []) {
  stubApi({
    'GET /wps/system/permission': ok(buildPermission({ operatorIdentity })),
    'GET /wps/content/footer': ok({ list: [] }),
    'GET /wps/content/pages': ok({ list: legalPages }),
    'POST /wps/relay/GCSGAME_newGameVendor': pending,
  });
  await renderWithProviders(<Footer />, { signedIn: false });
  return screen.getByRole('contentinfo');
}

describe('Footer: who runs the site (operator identification)', () => {
  it('under BR shows the legal name, CNPJ, address and authorisation, and links to the central self-exclusion platform', async () => {
    const footer = await renderFooter(BR_IDENTITY);
    const identity = await within(footer).findByRole('region', { name: 'Quem opera este site' });
    const line = (label: string) => within(identity).getByText(label).closest('div');
    expect(line('Razão social')).toHaveTextContent('Demo Apostas Ltda.');
    expect(line('CNPJ')).toHaveTextContent('11.222.333/0001-81');
    expect(line('Endereço')).toHaveTextContent('Rua Exemplo, 100 — São Paulo/SP');
    expect(line('Autorização')).toHaveTextContent('SPA/MF nº 0000/2026 (demonstração)');
    const link = within(footer).getByRole('link', { name: 'Autoexclusão centralizada (gov.br)' });
    expect(link).toHaveAttribute('href', 'https://www.gov.br/autoexclusaoapostas');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('draws only the filled fields: no empty "CNPJ" line, and no platform link where the licence asks none', async () => {
    const footer = await renderFooter({
      legalName: 'Lumen Entretenimento S.A.',
      cnpj: null,
      registeredAddress: null,
      authorisationNumber: null,
      selfExclusionUrl: null,
    });
    const identity = await within(footer).findByRole('region', { name: 'Quem opera este site' });
    expect(identity).toHaveTextContent('Lumen Entretenimento S.A.');
    expect(within(identity).queryByText('CNPJ')).toBeNull();
    expect(within(identity).queryByText('Endereço')).toBeNull();
    expect(within(identity).getAllByRole('term')).toHaveLength(1);
    expect(within(footer).queryByRole('link', { name: /Autoexclusão/ })).toBeNull();
  });

  it('draws no identification at all when nothing is filled', async () => {
    const footer = await renderFooter({
      legalName: null,
      cnpj: null,
      registeredAddress: null,
      authorisationNumber: null,
      selfExclusionUrl: null,
    });
    // The permission has answered once the age notice is drawn.
    await within(footer).findByTestId('rg-notice');
    expect(within(footer).queryByRole('region', { name: 'Quem opera este site' })).toBeNull();
    expect(within(footer).queryByText('CNPJ')).toBeNull();
  });
});

describe('Footer: the legal pages', () => {
  it('links only the published legal pages, and always the help centre', async () => {
    const footer = await renderFooter(BR_IDENTITY, ['terms', 'responsible_gaming']);
    const legal = within(footer).getByRole('navigation', { name: 'Informações legais' });
    expect(await within(legal).findByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Jogo responsável' })).toHaveAttribute(
      'href',
      '/responsible-gaming',
    );
    expect(within(legal).getByRole('link', { name: 'Central de ajuda' })).toHaveAttribute('href', '/help');
    expect(within(legal).queryByRole('link', { name: 'Política de privacidade' })).toBeNull();
  });
});

describe('Legal pages: who runs the site', () => {
  it('shows the identification under the page text', async () => {
    stubApi({
      'GET /wps/system/permission': ok(buildPermission({ operatorIdentity: BR_IDENTITY })),
      'GET /wps/content/pages/terms': ok({
        id: '1',
        groupCode: 'terms',
        title: 'Termos de uso',
        bodyHtml: '<p>Texto dos termos.</p>',
        linkage: null,
        image: null,
        tags: [],
        version: 1,
        publishedAt: '2026-11-01T00:00:00.000Z',
        publishFrom: null,
        publishUntil: null,
      }),
    });
    await renderWithProviders(<LegalPageRoute page="terms" />, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Termos de uso' })).toBeInTheDocument();
    const identity = await screen.findByRole('region', { name: 'Quem opera este site' });
    expect(identity).toHaveTextContent('11.222.333/0001-81');
    expect(identity).toHaveTextContent('SPA/MF nº 0000/2026 (demonstração)');
  });
});
