import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { fill, renderWithApp, setupUser } from '../../../lib/test-render';
import { BrandSection } from './brand-section';

afterEach(() => vi.unstubAllGlobals());

/** The two settings this section edits (the rest of the view is not read by it). */
const view = {
  values: {
    brand: { merchantCode: 'demo', brandName: 'Demo', currency: 'BRL', currencyScale: 2, currencySymbol: 'R$' },
    languages: { supported: ['PT', 'EN'], default: 'PT', listed: ['PT', 'EN'] },
  },
  versions: { brand: 'v-brand', languages: 'v-languages' },
} as unknown as SiteSettingsView;

describe('BrandSection preview', () => {
  it('shows the sample balance as the interface language writes money, with the symbol as typed', async () => {
    const user = setupUser();
    renderWithApp(<BrandSection view={view} canWrite />, { role: 'admin' });
    const preview = screen.getByTestId('brand-preview');
    // Was "R$ 1234.56": the amount written raw after the symbol.
    expect(preview.lastElementChild).toHaveTextContent(/^R\$\s1\.234,56$/);
    await fill(user, screen.getByLabelText('Símbolo da moeda'), 'BRL$');
    expect(preview.lastElementChild).toHaveTextContent(/^BRL\$\s1\.234,56$/);
  });

  it('in English too', () => {
    renderWithApp(<BrandSection view={view} canWrite />, { role: 'admin', language: 'en' });
    expect(screen.getByTestId('brand-preview').lastElementChild).toHaveTextContent(/^R\$1,234\.56$/);
  });
});
