import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { MallItemsSection } from './mall-items-section';

// A cash or bonus prize's amount is read by the shared money parser in the operator's language and
// sent as the major-unit decimal the API takes (failed before: the field took only a decimal
// point, and refused "30,50" and "1.500,00").

afterEach(() => vi.unstubAllGlobals());

const LABELS = { cash: 'Valor pago', bonus: 'Dinheiro de bônus (com o rollover das configurações de bônus)' };

describe('MallItemsSection prize amount', () => {
  it.each((['cash', 'bonus'] as const).flatMap((kind) => TYPED_AMOUNTS.map((amount) => ({ kind, ...amount }))))(
    'a $kind prize sends $typed as $major',
    async ({ kind, typed, major }) => {
      const api = stubOps({
        'GET /ops/points/items': ok({ list: [] }),
        'PUT /ops/points/items': ok({ namePt: 'Prêmio' }),
      });
      renderWithApp(<MallItemsSection />, { role: 'admin' });
      const user = setupUser();
      await user.click(await screen.findByRole('button', { name: 'Novo prêmio' }));
      const dialog = await screen.findByRole('dialog', { name: 'Novo prêmio' });
      await fill(user, within(dialog).getByLabelText('Nome (PT)'), 'Prêmio');
      await fill(user, within(dialog).getByLabelText('Nome (EN)'), 'Prize');
      await user.selectOptions(within(dialog).getByLabelText('Tipo'), kind);
      await fill(user, within(dialog).getByLabelText('Pontos'), '500');
      await fill(user, within(dialog).getByLabelText(LABELS[kind]), typed);
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(api.callsTo('PUT /ops/points/items')).toHaveLength(1));
      expect(api.callsTo('PUT /ops/points/items')[0]?.body).toMatchObject({ kind, points: '500', cashAmount: major });
    },
  );
});
