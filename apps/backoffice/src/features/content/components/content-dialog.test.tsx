import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import { fail, fill, renderWithApp, setupUser, stubOps, type OpsAnswer } from '../../../lib/test-render';
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
