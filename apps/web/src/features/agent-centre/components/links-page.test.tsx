import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AgentLink } from '@wps/shared/schemas/agent-centre';
import { buildPermission, fail, ok, pending, renderWithProviders, stubApi } from '../../../lib/test-render';
import * as posterImage from '../poster-image';
import { LinksPage } from './links-page';

const MEMBER_LINK: AgentLink = {
  linkId: '1',
  code: 'ABC123',
  type: 'member',
  terms: {},
  enabled: true,
  registrations: 1234,
  createdAt: new Date(2026, 10, 20, 14, 0, 0).toISOString(),
};
const AGENT_LINK: AgentLink = {
  ...MEMBER_LINK,
  linkId: '2',
  code: 'AGT777',
  type: 'agent',
  enabled: false,
  registrations: 0,
  terms: {
    dividend: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 3050 }],
    daily_salary: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 60 }],
  },
};

async function renderPage(links: Parameters<typeof stubApi>[0][string], routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /wps/agent/centre/links': links, ...routes });
  const view = await renderWithProviders(<LinksPage />);
  const form = screen.getByRole('form', { name: 'Novo link de convite' });
  return { ...view, api, form };
}

describe('LinksPage', () => {
  it('shows loading, then the empty note', async () => {
    const { unmount } = await renderPage(pending);
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    unmount();
    await renderPage(ok({ list: [] }));
    expect(await screen.findByText('Nenhum link ainda. Crie o primeiro acima.')).toBeInTheDocument();
  });

  it('shows a failed list with a retry', async () => {
    let answer = fail('TOO_MANY_REQUESTS', 429);
    const { user, api } = await renderPage(() => answer);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Pedidos demais. Tente novamente em 5 minutos.');
    answer = ok({ list: [MEMBER_LINK] });
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'ABC123' })).toBeInTheDocument();
    expect(api.callsTo('GET /wps/agent/centre/links')).toHaveLength(2);
  });

  it('shows each link with its address, state, count, date and default terms', async () => {
    await renderPage(ok({ list: [MEMBER_LINK, AGENT_LINK] }));
    const member = await screen.findByRole('article', { name: 'ABC123' });
    expect(within(member).getByRole('heading')).toHaveTextContent('ABC123 · Membro');
    expect(within(member).getByTestId('agent-link-address')).toHaveTextContent(
      `${window.location.origin}/register?affiliateCode=ABC123`,
    );
    expect(member).toHaveTextContent('SituaçãoAtivo');
    expect(member).toHaveTextContent('Cadastros1.234');
    expect(member).toHaveTextContent('Criado em20/11/2026, 14:00:00');
    expect(member).not.toHaveTextContent('Termos padrão');
    const agent = screen.getByRole('article', { name: 'AGT777' });
    expect(agent).toHaveTextContent('SituaçãoDesativado');
    expect(agent).toHaveTextContent('Termos padrãoDividendos 30,50%; Salário diário 0,60%');
    expect(within(agent).getByRole('button', { name: 'Ativar' })).toBeInTheDocument();
  });

  it('turns a link off and deletes one', async () => {
    const { user, api } = await renderPage(ok({ list: [MEMBER_LINK] }), {
      'PATCH /wps/agent/centre/links/1': ok({ ...MEMBER_LINK, enabled: false }),
      'DELETE /wps/agent/centre/links/1': ok({ linkId: '1', deleted: true }),
    });
    const card = await screen.findByRole('article', { name: 'ABC123' });
    await user.click(within(card).getByRole('button', { name: 'Desativar' }));
    expect(api.callsTo('PATCH /wps/agent/centre/links/1')[0]!.body).toEqual({ enabled: false });
    await user.click(within(card).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Link excluído.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /wps/agent/centre/links/1')).toHaveLength(1);
  });

  it("copies a link's address, and says so when the browser refuses the clipboard", async () => {
    const { user } = await renderPage(ok({ list: [MEMBER_LINK] }));
    const card = await screen.findByRole('article', { name: 'ABC123' });
    await user.click(within(card).getByRole('button', { name: 'Copiar link' }));
    // user-event puts a clipboard of its own on the page.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/register?affiliateCode=ABC123`);
    expect(await screen.findByText('Link copiado.')).toBeInTheDocument();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(within(card).getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Não foi possível copiar: selecione o endereço e copie.')).toBeInTheDocument();
  });

  it('makes a poster of a link: the brand, the call to sign up, its QR code and code, saved as a PNG', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    const draw = vi
      .spyOn(posterImage, 'svgToPng')
      .mockResolvedValueOnce(png)
      .mockRejectedValueOnce(new Error('no canvas'));
    const save = vi.spyOn(posterImage, 'saveFile').mockImplementation(() => undefined);
    const { user } = await renderPage(ok({ list: [MEMBER_LINK] }), {
      'GET /wps/system/permission': ok(buildPermission()),
    });
    const card = await screen.findByRole('article', { name: 'ABC123' });
    await user.click(within(card).getByRole('button', { name: 'Cartaz com QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cartaz do convite ABC123' });
    const poster = await within(dialog).findByRole('img', {
      name: 'Cartaz de convite de Demo com o QR code do link ABC123',
    });
    expect(poster).toHaveTextContent('Demo');
    expect(poster).toHaveTextContent('Cadastre-se e jogue');
    expect(poster).toHaveTextContent(`ABC123${window.location.origin}/register?affiliateCode=ABC123`);
    // The QR code is drawn in the poster itself, so the saved picture carries it.
    expect(poster.querySelector('svg path')).not.toBeNull();
    const download = within(dialog).getByRole('button', { name: 'Baixar imagem (PNG)' });
    await user.click(download);
    expect(draw).toHaveBeenCalledWith(poster, 1200, 1720);
    expect(save).toHaveBeenCalledWith(png, 'convite-ABC123.png');
    // The button is disabled while a picture is drawn; a loaded machine may not have re-rendered yet.
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    expect(await screen.findByText('Não foi possível gerar a imagem. Tente novamente.')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('creates a member link without terms', async () => {
    const { user, form, api } = await renderPage(ok({ list: [] }), {
      'POST /wps/agent/centre/links': ok(MEMBER_LINK),
    });
    expect(within(form).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Criar link' }));
    expect(await screen.findByText('Link criado.')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/agent/centre/links')[0]!.body).toEqual({ type: 'member', terms: {} });
  });

  it('creates an agent link with the rates filled in, read as percentages with a comma', async () => {
    const { user, form, api } = await renderPage(ok({ list: [] }), {
      'POST /wps/agent/centre/links': ok(AGENT_LINK),
    });
    await user.click(within(form).getByRole('radio', { name: 'Agente' }));
    await user.type(within(form).getByRole('textbox', { name: 'Dividendos (%)' }), '30,5');
    await user.type(within(form).getByRole('textbox', { name: 'Salário diário (%)' }), '0.60');
    await user.click(within(form).getByRole('button', { name: 'Criar link' }));
    expect(await screen.findByText('Link criado.')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/agent/centre/links')[0]!.body).toEqual({
      type: 'agent',
      terms: {
        dividend: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 3050 }],
        daily_salary: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 60 }],
      },
    });
  });

  it('refuses a default rate above 100 % or with three decimals', async () => {
    const { user, form, api } = await renderPage(ok({ list: [] }));
    await user.click(within(form).getByRole('radio', { name: 'Agente' }));
    await user.type(within(form).getByRole('textbox', { name: 'Dividendos (%)' }), '101');
    await user.type(within(form).getByRole('textbox', { name: 'Salário por hora (%)' }), '1,255');
    await user.click(within(form).getByRole('button', { name: 'Criar link' }));
    expect(await within(form).findByText('A taxa vai de 0 a 100 %.')).toBeInTheDocument();
    expect(within(form).getByText('Digite um valor com até 2 casas decimais.')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/agent/centre/links')).toHaveLength(0);
  });
});
