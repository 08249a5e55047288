import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OidcLink, OidcPending } from '@wps/shared/schemas/oidc';
import { fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { LinkedSignIns } from './linked-sign-ins';

const GOOGLE: OidcLink = {
  id: '7',
  providerName: 'Google',
  email: 'ana@gmail.test',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-20T09:30:00.000Z',
};

const WAITING: OidcPending = {
  providerName: 'Google',
  email: 'ana@gmail.test',
  displayName: 'Ana',
  expiresAt: '2026-11-28T10:15:00.000Z',
};

/** No provider identity waits in this browser: the server answers OIDC_FLOW_INVALID. */
const NOTHING_WAITING = fail('OIDC_FLOW_INVALID', 400);

const section = () => screen.getByTestId('linked-sign-ins');

describe('LinkedSignIns', () => {
  it("lists the account's linked providers and unlinks one", async () => {
    let links: OidcLink[] = [GOOGLE];
    const api = stubApi({
      'GET /wps/member/oidc-links': () => ok(links),
      'GET /wps/oidc/pending': NOTHING_WAITING,
      'DELETE /wps/member/oidc-links/7': () => {
        links = [];
        return ok(true);
      },
    });
    const { user } = await renderWithProviders(<LinkedSignIns />);
    expect(within(section()).getByRole('heading', { name: 'Acessos vinculados' })).toBeInTheDocument();
    const row = await within(section()).findByRole('listitem');
    expect(row).toHaveTextContent('Google');
    expect(row).toHaveTextContent('ana@gmail.test');
    expect(row).toHaveTextContent(/Vinculado em/);
    expect(row).toHaveTextContent(/Último uso em/);
    expect(screen.queryByTestId('oidc-waiting')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Desvincular Google' }));
    expect(await within(section()).findByText('Nenhum provedor de identidade vinculado.')).toBeInTheDocument();
    expect(within(section()).getByRole('status')).toHaveTextContent('O acesso foi desvinculado.');
    expect(api.callsTo('DELETE /wps/member/oidc-links/7')).toHaveLength(1);
  });

  it('links the provider identity waiting on this browser, with no password asked', async () => {
    let links: OidcLink[] = [];
    let waiting = ok(WAITING);
    const api = stubApi({
      'GET /wps/member/oidc-links': () => ok(links),
      'GET /wps/oidc/pending': () => waiting,
      'POST /wps/oidc/pending/link': () => {
        links = [{ ...GOOGLE, lastUsedAt: null }];
        waiting = NOTHING_WAITING;
        return ok(links[0]);
      },
    });
    const { user } = await renderWithProviders(<LinkedSignIns />);
    const card = await screen.findByTestId('oidc-waiting');
    expect(card).toHaveTextContent('Google (ana@gmail.test) aguarda vínculo com esta conta.');
    expect(within(section()).getByText('Nenhum provedor de identidade vinculado.')).toBeInTheDocument();
    expect(within(section()).queryByLabelText(/senha/i)).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Vincular Google' }));
    expect(await within(section()).findByRole('listitem')).toHaveTextContent('Google');
    expect(within(section()).getByRole('status')).toHaveTextContent(
      'Google foi vinculado: agora ele entra nesta conta.',
    );
    expect(screen.queryByTestId('oidc-waiting')).not.toBeInTheDocument();
    const [sent] = api.callsTo('POST /wps/oidc/pending/link');
    expect(sent?.body).toBeUndefined();
  });

  it('says why a link was refused', async () => {
    stubApi({
      'GET /wps/member/oidc-links': ok([]),
      'GET /wps/oidc/pending': ok(WAITING),
      'POST /wps/oidc/pending/link': fail('OIDC_IDENTITY_TAKEN', 409),
    });
    const { user } = await renderWithProviders(<LinkedSignIns />);
    await user.click(await screen.findByRole('button', { name: 'Vincular Google' }));
    expect(await within(section()).findByText('Este acesso já está vinculado a uma conta.')).toBeInTheDocument();
  });
});
