import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import { renderWithProviders } from '../../../lib/test-render';
import { PromotionDetail } from './promotion-detail';

// The demo's welcome promotion: a description, then the operator's own "Regras" heading and list.
const WELCOME: LiveContentItem = {
  id: '7',
  groupCode: 'promotion',
  title: 'Bônus de boas-vindas',
  bodyHtml:
    '<p>No seu <strong>primeiro depósito</strong>, dobramos o valor.</p><h3>Regras</h3><ul><li>Depósito mínimo de R$ 20,00.</li></ul>',
  linkage: null,
  image: null,
  tags: [],
  version: 1,
  publishedAt: '2026-11-01T00:00:00.000Z',
  publishFrom: null,
  publishUntil: null,
};

describe('PromotionDetail', () => {
  it("heads the operator's text as the promotion's description, so its own rules heading is the only one", async () => {
    await renderWithProviders(<PromotionDetail item={WELCOME} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Sobre a promoção' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Regras' })).toHaveLength(1);
  });
});
