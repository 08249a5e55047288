import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { DeliverySection } from './delivery-section';

afterEach(() => vi.unstubAllGlobals());

const view = {
  values: { delivery: { imageCdns: [], launchGameCdns: [], gtagId: '' } },
  versions: { delivery: 'v-delivery' },
} as unknown as SiteSettingsView;

describe('DeliverySection', () => {
  it('saves the CDNs typed as a list and the tag; refuses a plain-http CDN or a malformed tag, sending nothing', async () => {
    const { callsTo } = stubOps({ 'PUT /ops/site-settings': ok({}), 'GET /ops/site-settings': ok(view) });
    const user = setupUser();
    renderWithApp(<DeliverySection view={view} canWrite />, { role: 'admin' });
    const images = screen.getByRole('textbox', { name: 'CDNs de imagens' });
    const tag = screen.getByRole('textbox', { name: 'ID da tag do Google' });
    await fill(user, images, 'http://img.cdn.example');
    await fill(user, tag, 'UA-1234');
    await fill(user, screen.getByRole('textbox', { name: 'Motivo da mudança' }), 'CDN in front of the site');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    expect(images).toHaveAccessibleDescription(/Confira este valor/);
    expect(tag).toHaveAccessibleDescription(/Confira este valor/);
    expect(callsTo('PUT /ops/site-settings')).toHaveLength(0);

    await fill(user, images, 'https://img1.cdn.example, https://img2.cdn.example/site');
    await fill(
      user,
      screen.getByRole('textbox', { name: 'CDNs das páginas de jogos próprios' }),
      'https://games.cdn.example',
    );
    await fill(user, tag, ' g-abc123xyz9 ');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    await vi.waitFor(() => expect(callsTo('PUT /ops/site-settings')).toHaveLength(1));
    expect(callsTo('PUT /ops/site-settings')[0]!.body).toEqual({
      changes: {
        delivery: {
          value: {
            imageCdns: ['https://img1.cdn.example', 'https://img2.cdn.example/site'],
            launchGameCdns: ['https://games.cdn.example'],
            gtagId: 'G-ABC123XYZ9',
          },
          version: 'v-delivery',
        },
      },
      reason: 'CDN in front of the site',
    });
  });
});
