import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorWallet, WalletTransferResult } from '@wps/shared/schemas/gateway';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { isAmountRefusal } from '../../../components/form/server-field-errors';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { useFormatMoney } from '../../../lib/money';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { useWalletTransfer } from '../api/wallet-transfer';
import { toTransferAmount, transferKey } from '../transfer-input';
import '../games.css';

/**
 * Member-centre page "transferFund" (my wallet): the main wallet and the player's wallet at each
 * transfer-wallet vendor, with transfer in and out per vendor (an amount, or everything when
 * empty) and everything out of every vendor at once. A transfer the vendor has not confirmed is
 * shown as pending until the server's status check resolves it.
 */
export function TransferFundPage() {
  const { t } = useTranslation('games');
  const titleId = useId();
  const wallets = useMerchantWallet();
  const mutation = useWalletTransfer();
  const format = useFormatMoney();
  const { locale } = useFormats();
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  // One key per action until it gets an answer, so a retry after a lost response moves nothing twice.
  const keys = useRef(new Map<string, string>());
  const data = wallets.data;
  const money = (amount: string) => (data ? format(amount, { currency: data.currency, scale: data.scale }) : amount);

  function report(result: WalletTransferResult) {
    if (result.transfers.length === 0) return toast.info(t('wallet.nothingToMove'));
    if (result.transfers.some((x) => x.status === 'pending')) return toast.info(t('wallet.pendingToast'));
    if (result.transfers.some((x) => x.status === 'failed')) return toast.error(t('wallet.failed'));
    toast.success(t('wallet.done'));
  }

  function run(
    action: string,
    body: { direction: 'in' | 'out'; vassalage?: string; amount?: string },
    onDone?: () => void,
  ) {
    const key = keys.current.get(action) ?? transferKey();
    keys.current.set(action, key);
    setBusy(action);
    mutation.mutate(
      { ...body, idempotencyKey: key },
      {
        onSuccess: (result) => {
          keys.current.delete(action);
          onDone?.();
          report(result);
        },
        onError: (error) => {
          // A network failure keeps the key: pressing again replays the same transfer.
          if (isApiError(error, 'NETWORK_ERROR')) keys.current.set(action, key);
          else keys.current.delete(action);
          if (body.vassalage && (isApiError(error, 'INSUFFICIENT_FUNDS') || isAmountRefusal(error))) {
            setErrors((e) => ({ ...e, [body.vassalage!]: translateError(error) }));
          } else {
            toast.error(translateError(error));
          }
        },
        onSettled: () => setBusy(null),
      },
    );
  }

  function transfer(wallet: VendorWallet, direction: 'in' | 'out') {
    const typed = (amounts[wallet.vassalage] ?? '').trim();
    const scale = data?.scale ?? 2;
    // Empty moves the whole balance; anything typed must read as an amount.
    const amount = typed ? toTransferAmount(typed, scale, locale) : '';
    if (amount === null) {
      setErrors((e) => ({ ...e, [wallet.vassalage]: t('wallet.amountFormat', { scale }) }));
      return;
    }
    setErrors((e) => ({ ...e, [wallet.vassalage]: '' }));
    run(
      `${wallet.vassalage}:${direction}:${amount}`,
      { direction, vassalage: wallet.vassalage, ...(amount ? { amount } : {}) },
      () => setAmounts((a) => ({ ...a, [wallet.vassalage]: '' })),
    );
  }

  return (
    <section className="tf" aria-labelledby={titleId} data-testid="transfer-fund-page">
      <h2 id={titleId} className="tf__title">
        {t('wallet.title')}
      </h2>
      <div className="tf__summary">
        <p className="tf__main">
          {t('wallet.main')}{' '}
          <strong className="tf__money" data-testid="main-wallet-balance">
            {data ? money(data.mainBalance) : '…'}
          </strong>
        </p>
        <div className="tf__tools">
          <Button
            variant="secondary"
            size="sm"
            loading={wallets.isFetching && !busy}
            onClick={() => void wallets.refetch()}
          >
            {t('wallet.refresh')}
          </Button>
          <Button
            variant="money"
            size="sm"
            loading={busy === 'all:out'}
            disabled={busy !== null || !data?.list.length}
            onClick={() => run('all:out', { direction: 'out' })}
            data-testid="transfer-all-out"
          >
            {t('wallet.allOut')}
          </Button>
        </div>
      </div>
      {wallets.isPending ? (
        <div className="skeleton tf__skeleton" role="status" aria-label={t('wallet.loading')} />
      ) : wallets.isError ? (
        <p className="tf__note" role="alert">
          {translateError(wallets.error)}
        </p>
      ) : data && data.list.length === 0 ? (
        <p className="tf__note">{t('wallet.empty')}</p>
      ) : (
        <ul className="tf__list">
          {data?.list.map((wallet) => (
            <li key={wallet.vassalage} className="tf__item" data-testid={`vendor-wallet-${wallet.vassalage}`}>
              <div className="tf__head">
                <span className="tf__name">{wallet.name}</span>
                <strong className="tf__money" data-testid="vendor-wallet-balance">
                  {money(wallet.balance)}
                </strong>
              </div>
              {wallet.pending && (
                <p className="tf__note tf__note--pending" role="status" data-testid="vendor-wallet-pending">
                  {t(wallet.pending.direction === 'in' ? 'wallet.pendingIn' : 'wallet.pendingOut', {
                    amount: money(wallet.pending.amount),
                  })}
                </p>
              )}
              {wallet.state === 'stale' && !wallet.pending && <p className="tf__note">{t('wallet.stale')}</p>}
              <div className="tf__actions">
                <TextField
                  label={t('wallet.amount')}
                  hint={t('wallet.amountHint')}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={24}
                  value={amounts[wallet.vassalage] ?? ''}
                  error={errors[wallet.vassalage] || undefined}
                  onChange={(e) => setAmounts((a) => ({ ...a, [wallet.vassalage]: e.target.value }))}
                />
                <div className="tf__buttons">
                  <Button
                    loading={busy?.startsWith(`${wallet.vassalage}:in:`)}
                    disabled={busy !== null || wallet.pending !== null}
                    onClick={() => transfer(wallet, 'in')}
                  >
                    {t('wallet.in')}
                  </Button>
                  <Button
                    variant="secondary"
                    loading={busy?.startsWith(`${wallet.vassalage}:out:`)}
                    disabled={busy !== null || wallet.pending !== null}
                    onClick={() => transfer(wallet, 'out')}
                  >
                    {t('wallet.out')}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
