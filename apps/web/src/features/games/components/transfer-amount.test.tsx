import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MerchantWalletResult, WalletTransferResult } from '@wps/shared/schemas/gateway';
import { ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { TransferFundPage } from './transfer-fund-page';
import { TransferGate } from './transfer-gate';

// The two transfer-wallet amount fields read what a Portuguese player types with the shared money
// parser and send the transfer API its decimal string (failed before: the gate and the wallet page
// took only "30.50" and "1500", and refused "30,50" and "1.500,00" as malformed).

const WALLET: MerchantWalletResult = {
  currency: 'BRL',
  scale: 2,
  mainBalance: '5000.00',
  mainBalanceMinor: '500000',
  list: [{ vassalage: 'PG', name: 'PG Soft', balance: '0.00', balanceMinor: '0', state: 'ok', pending: null }],
};

// A pending answer keeps the gate on its form (no launch) and is a plain notice on the wallet page.
const PENDING: WalletTransferResult = {
  transfers: [
    {
      id: '1',
      vassalage: 'PG',
      direction: 'in',
      amount: '1.00',
      amountMinor: '100',
      status: 'pending',
      createdAt: '2026-11-29T00:00:00Z',
    },
  ],
  mainBalance: '4999.00',
  mainBalanceMinor: '499900',
};

const TYPED = [
  ['30,50', '30.50'],
  ['1.500,00', '1500.00'],
  ['1500', '1500.00'],
  ['30.50', '30.50'],
] as const;

function stubWallet() {
  return stubApi({
    'POST /wps/relay/GCS_merchantWallet': ok(WALLET),
    'POST /wps/relay/GCS_walletTransfer': ok(PENDING),
  });
}

describe('transfer-wallet amounts', () => {
  it.each(TYPED)('the game gate sends "%s" as %s', async (typed, sent) => {
    const api = stubWallet();
    const { user } = await renderWithProviders(
      <TransferGate game={{ nodeId: '9', vassalage: 'PG' }} onLaunched={() => {}}>
        <p>game</p>
      </TransferGate>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Valor' }), typed);
    await user.click(screen.getByRole('button', { name: 'Transferir e jogar' }));
    await expect.poll(() => api.callsTo('POST /wps/relay/GCS_walletTransfer')).toHaveLength(1);
    expect(api.callsTo('POST /wps/relay/GCS_walletTransfer')[0]?.body).toMatchObject({
      direction: 'in',
      vassalage: 'PG',
      amount: sent,
    });
  });

  it.each(TYPED)('the wallet page sends "%s" as %s', async (typed, sent) => {
    const api = stubWallet();
    const { user } = await renderWithProviders(<TransferFundPage />);
    await user.type(await screen.findByRole('textbox', { name: /Valor/ }), typed);
    await user.click(screen.getByRole('button', { name: 'Transferir para' }));
    await expect.poll(() => api.callsTo('POST /wps/relay/GCS_walletTransfer')).toHaveLength(1);
    expect(api.callsTo('POST /wps/relay/GCS_walletTransfer')[0]?.body).toMatchObject({
      direction: 'in',
      vassalage: 'PG',
      amount: sent,
    });
  });

  // "10,555": three decimals; "0,00": nothing to move.
  it.each(['10,555', '0,00', 'abc'])('the gate refuses "%s" under the field and sends nothing', async (typed) => {
    const api = stubWallet();
    const { user } = await renderWithProviders(
      <TransferGate game={{ nodeId: '9', vassalage: 'PG' }} onLaunched={() => {}}>
        <p>game</p>
      </TransferGate>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Valor' }), typed);
    await user.click(screen.getByRole('button', { name: 'Transferir e jogar' }));
    expect(await screen.findByText('Informe um valor positivo com no máximo 2 casas decimais.')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/relay/GCS_walletTransfer')).toHaveLength(0);
  });
});
