import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import type { PromoRule } from '@wps/shared/schemas/promo-rewards';
import { fail, fill, ok, renderWithApp, setupUser, stubOps, type OpsAnswer } from '../../../lib/test-render';
import { ContentDialog } from './content-dialog';

const PROMOTION: OpsContentItem = {
  id: '12',
  kind: 'promotion',
  groupCode: 'others',
  status: 'draft',
  sortOrder: 0,
  publishFrom: null,
  publishUntil: null,
  linkage: null,
  image: null,
  tags: [],
  bonusOffer: false,
  translations: {
    PT: { title: 'Primeiro depósito', bodyHtml: '<p>Jogue com responsabilidade.</p>' },
    EN: { title: 'First deposit', bodyHtml: '<p>100% + R$ 500 on your first deposit</p>' },
  },
  version: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const refused = (field: string, word?: string): OpsAnswer =>
  fail('LICENCE_REFUSED', 403, {
    rule: 'bonusAdvertising',
    field,
    profile: 'BR',
    source: 'Lei 14.790/2023 art. 29 I',
    ...(word ? { word } : {}),
  });

function openEdit(save: OpsAnswer) {
  const api = stubOps({ 'PUT /ops/content/12': save });
  const onClose = vi.fn();
  renderWithApp(<ContentDialog kind="promotion" item={PROMOTION} timeZone="America/Sao_Paulo" onClose={onClose} />, {
    role: 'admin',
  });
  const dialog = screen.getByRole('dialog', { name: 'Editar “Primeiro depósito”' });
  return { api, onClose, dialog, user: setupUser() };
}

afterEach(() => vi.unstubAllGlobals());

describe('ContentDialog under a licence that forbids bonuses', () => {
  // Without the refusal mapped to its field, the words would carry no message and the PT tab would stay.
  it("shows the refusal of the words under the language's body, with the word, on that language's tab", async () => {
    const { onClose, dialog, user } = openEdit(refused('translations.EN.bodyHtml', '100% +'));
    await fill(user, within(dialog).getByLabelText(/Motivo da mudança/), 'texto da promoção');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar mudanças' }));
    expect(
      await within(dialog).findByText('A licença proíbe oferecer ou anunciar bônus. “100% +” indica um bônus.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: /^Inglês/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByLabelText('Corpo em HTML (EN)')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the bonus-offer flag, and shows its refusal under it', async () => {
    const { api, dialog, user } = openEdit(refused('bonusOffer'));
    const flag = within(dialog).getByRole('checkbox', { name: 'Oferece bônus ou vantagem antecipada' });
    await user.click(flag);
    await fill(user, within(dialog).getByLabelText(/Motivo da mudança/), 'oferta da semana');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar mudanças' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/content/12')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/content/12')[0]?.body).toMatchObject({ bonusOffer: true });
    expect(await within(dialog).findByText('A licença proíbe oferecer ou anunciar bônus.')).toBeInTheDocument();
    expect(flag).toHaveAttribute('aria-invalid', 'true');
  });
});

const rule = (id: string, name: string, status: PromoRule['status']): PromoRule => ({
  id,
  name,
  status,
  trigger: 'deposit_credited',
  needsOptIn: false,
  optInPromotionId: null,
});

describe('ContentDialog: the rules that pay a promotion', () => {
  function openWithRules(linked: PromoRule[] = [], item: OpsContentItem = PROMOTION) {
    const api = stubOps({
      'GET /ops/promo/reward-rules': ok({
        list: linked.length ? [{ promotionId: '12', rules: linked }] : [],
        rules: [rule('5', 'Boas-vindas 100%', 'live'), rule('6', 'Recarga antiga', 'paused'), ...linked],
      }),
      'PUT /ops/promo/reward-rules/12': (call) => ok({ promotionId: '12', rules: [], ...(call.body as object) }),
      'PUT /ops/content/12': ok(PROMOTION),
    });
    renderWithApp(<ContentDialog kind="promotion" item={item} timeZone="America/Sao_Paulo" onClose={vi.fn()} />, {
      role: 'admin',
    });
    const dialog = screen.getByRole('dialog', { name: 'Editar “Primeiro depósito”' });
    return { api, dialog, user: setupUser() };
  }

  it('warns while a bonus offer has no live rule picked, offers only live rules, and saves the pick before the item', async () => {
    const { api, dialog, user } = openWithRules();
    const rules = await within(dialog).findByRole('group', { name: 'Regras que pagam esta promoção' });
    // Live rules only: the paused one is not offered to a new link.
    const offered = await within(rules).findAllByRole('checkbox', {}, { timeout: 5000 });
    expect(offered.map((box) => box.closest('label')?.textContent)).toEqual(['Boas-vindas 100% · paga no depósito']);
    expect(within(rules).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Oferece bônus ou vantagem antecipada' }));
    expect(within(rules).getByRole('alert')).toHaveTextContent('nenhuma regra ativa o paga');
    await user.click(within(rules).getByRole('checkbox', { name: /Boas-vindas 100%/ }));
    expect(within(rules).queryByRole('alert')).toBeNull();
    await fill(user, within(dialog).getByLabelText(/Motivo da mudança/), 'paga pela regra de boas-vindas');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar mudanças' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/content/12')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/promo/reward-rules/12')[0]?.body).toEqual({
      ruleIds: ['5'],
      reason: 'paga pela regra de boas-vindas',
    });
    const order = api.calls.map((c) => `${c.method} ${c.url.pathname}`).filter((c) => c.startsWith('PUT'));
    expect(order).toEqual(['PUT /ops/promo/reward-rules/12', 'PUT /ops/content/12']);
  });

  it('keeps a linked rule that was switched off listed and ticked, and warns that the bonus offer is unpaid', async () => {
    const { dialog } = openWithRules([rule('7', 'Sexta da recarga', 'paused')], { ...PROMOTION, bonusOffer: true });
    const rules = await within(dialog).findByRole('group', { name: 'Regras que pagam esta promoção' });
    expect(
      await within(rules).findByRole(
        'checkbox',
        { name: /Sexta da recarga · paga no depósito · pausada/ },
        { timeout: 5000 },
      ),
    ).toBeChecked();
    expect(within(rules).getByRole('alert')).toHaveTextContent('nenhuma regra ativa o paga');
  });
});

describe('ContentDialog groups', () => {
  it('names each group in words, with the code the site uses beside it', () => {
    const { dialog } = openEdit(ok(PROMOTION));
    expect(within(dialog).getByRole('option', { name: 'Outras (others)' })).toHaveProperty('selected', true);
    expect(within(dialog).getByRole('option', { name: 'Novos jogadores (new_player)' })).toBeInTheDocument();
  });
});

describe('ContentDialog link target', () => {
  function open(routes: Record<string, OpsAnswer>) {
    const api = stubOps({ 'PUT /ops/content/12': ok(PROMOTION), ...routes });
    renderWithApp(<ContentDialog kind="promotion" item={PROMOTION} timeZone="America/Sao_Paulo" onClose={vi.fn()} />, {
      role: 'admin',
    });
    return { api, dialog: screen.getByRole('dialog', { name: 'Editar “Primeiro depósito”' }), user: setupUser() };
  }

  async function save(user: ReturnType<typeof setupUser>, dialog: HTMLElement) {
    await fill(user, within(dialog).getByLabelText(/Motivo da mudança/), 'link da promoção');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar mudanças' }));
  }

  it('picks a promotion from the promotions list instead of typing its id', async () => {
    const other = { ...PROMOTION, id: '40', translations: { PT: { title: 'Cashback semanal', bodyHtml: '' } } };
    const { api, dialog, user } = open({
      'GET /ops/content': ok({ list: [PROMOTION, other], total: 2, page: 1, pageSize: 100, totalPages: 1 }),
    });
    await user.selectOptions(within(dialog).getByLabelText('Ao clicar, abrir'), 'promotion');
    const picker = within(dialog).getByRole('combobox', { name: /^\*?Promoção$/ });
    await within(picker).findByRole('option', { name: 'Cashback semanal (#40)' });
    await user.selectOptions(picker, '40');
    await save(user, dialog);
    await waitFor(() => expect(api.callsTo('PUT /ops/content/12')).toHaveLength(1));
    expect(api.callsTo('GET /ops/content')[0]?.url.searchParams.get('kind')).toBe('promotion');
    expect(api.callsTo('PUT /ops/content/12')[0]?.body).toMatchObject({ linkage: { type: 'promotion', target: '40' } });
  });

  it('picks a page of the site by name', async () => {
    const { api, dialog, user } = open({});
    await user.selectOptions(within(dialog).getByLabelText('Ao clicar, abrir'), 'page');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^\*?Página$/ }),
      within(dialog).getByRole('option', { name: 'Promoções (/promotions)' }),
    );
    await save(user, dialog);
    await waitFor(() => expect(api.callsTo('PUT /ops/content/12')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/content/12')[0]?.body).toMatchObject({
      linkage: { type: 'page', target: '/promotions' },
    });
  });
});
