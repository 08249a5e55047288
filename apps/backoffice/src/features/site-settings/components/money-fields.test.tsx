import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WHITELABEL_MODULES } from '@wps/shared/constants';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { AccountsSection } from './accounts-section';
import { RegistrationSection } from './registration-section';

// The site settings' money fields (the free demo's balance, the sign-up bonus) are read by the
// shared money parser in the operator's language and sent in minor units (failed before: they were
// read without the language, so "1.500,00" was refused).

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = {
  brand: { currencyScale: 2 },
  maintenance: false,
  passwordMaxAgeDays: 90,
  maxBankAccountsPerMember: 3,
  freeplayDemoBalanceMinor: '100000',
  minimumAge: 18,
  registrationBonusMinor: '0',
  modules: Object.fromEntries(WHITELABEL_MODULES.map((m) => [m, false])),
  register: {
    showMobile: false,
    showPayeeName: false,
    showpaymentPassword: false,
    showQQ: false,
    showline: false,
    showwhatsapp: false,
    showZaloapp: false,
    showfacebook: false,
    showwechat: false,
    showidNumber: false,
    showEmail: false,
    hasAffiliate: false,
    showCaptcha: false,
    showRegisterCountryCode: false,
    consentPreticked: false,
    required: {},
    validate: {},
  },
};

/** The settings these two sections read, each at version "v1" (the rest of the view is not read). */
const view = () =>
  ({
    values: SETTINGS,
    versions: Object.fromEntries(Object.keys(SETTINGS).map((key) => [key, 'v1'])),
  }) as unknown as SiteSettingsView;

type Changes = Record<string, { value: unknown; version: string }>;

async function save(label: string, typed: string) {
  const user = setupUser();
  const api = stubOps({ 'PUT /ops/site-settings': ok(view()) });
  await fill(user, await screen.findByLabelText(label), typed);
  await fill(user, screen.getByLabelText(/Motivo da mudança/), 'ajuste de valores');
  await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
  await waitFor(() => expect(api.callsTo('PUT /ops/site-settings')).toHaveLength(1));
  return (api.callsTo('PUT /ops/site-settings')[0]?.body as { changes: Changes }).changes;
}

describe('site settings money fields', () => {
  it.each(TYPED_AMOUNTS)('the demo balance sends $typed as $minor minor units', async ({ typed, minor }) => {
    renderWithApp(<AccountsSection view={view()} canWrite />, { role: 'admin' });
    const changes = await save('Saldo da demonstração grátis (BRL)', typed);
    expect(changes.freeplayDemoBalanceMinor).toEqual({ value: minor, version: 'v1' });
  });

  it.each(TYPED_AMOUNTS)('the sign-up bonus sends $typed as $minor minor units', async ({ typed, minor }) => {
    renderWithApp(<RegistrationSection view={view()} canWrite />, { role: 'admin' });
    const changes = await save('Bônus de cadastro (BRL)', typed);
    expect(changes.registrationBonusMinor).toEqual({ value: minor, version: 'v1' });
  });

  it('shows a stored amount as the operator types it', async () => {
    renderWithApp(<AccountsSection view={view()} canWrite />, { role: 'admin' });
    expect(await screen.findByLabelText('Saldo da demonstração grátis (BRL)')).toHaveValue('1000,00');
  });
});
