import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { launchGame } from '../../../lib/api/launch-game';
import { isApiError } from '../../../lib/api-client';
import { isAmountRefusal } from '../../../components/form/server-field-errors';
import { storeGameUrl, type LaunchedGame } from '../../../lib/game-url';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { useFormatMoney } from '../../../lib/money';
import { useVendorWallet } from '../api/get-merchant-wallet';
import { useWalletTransfer } from '../api/wallet-transfer';
import { toTransferAmount, transferKey } from '../transfer-input';

type Phase = 'checking' | 'offer' | 'playing';

/**
 * Before a transfer-wallet vendor's game starts on /game: with nothing in that vendor's wallet the
 * game could only show 0, so the page offers the transfer right there (the main wallet's balance,
 * an amount, "transfer and play"). Once the money is at the vendor the game is launched again
 * (the first launch token may have expired meanwhile) and shown. Seamless vendors and our own
 * games have no such wallet: the game shows at once, as it does when the check fails.
 */
export function TransferGate({
  game,
  onLaunched,
  children,
}: {
  game: LaunchedGame;
  onLaunched: (url: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('games');
  const titleId = useId();
  const query = useVendorWallet(game.vassalage);
  const transfer = useWalletTransfer();
  const format = useFormatMoney();
  const { locale } = useFormats();
  const [phase, setPhase] = useState<Phase>('checking');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [launching, setLaunching] = useState(false);
  const key = useRef<string | null>(null);
  const data = query.data;
  const wallet = data?.list.find((w) => w.vassalage === game.vassalage);

  // Decided once, on the first answer (state adjusted while rendering): a later refresh, after a
  // transfer, must neither hide a game being played nor show one whose launch token went stale.
  if (phase === 'checking' && (query.isError || data)) {
    setPhase(!query.isError && wallet && wallet.balanceMinor === '0' && !wallet.pending ? 'offer' : 'playing');
  }

  if (phase === 'playing') return children;
  if (phase === 'checking' || !data || !wallet) {
    return <div className="skeleton game-gate__skeleton" role="status" aria-label={t('gate.checking')} />;
  }
  const money = (value: string) => format(value, { currency: data.currency, scale: data.scale });

  async function play() {
    setLaunching(true);
    try {
      const result = await launchGame({ nodeId: game.nodeId, vassalage: game.vassalage, gameId: game.nodeId });
      const url = result.game_url || result.content;
      storeGameUrl(url, game);
      onLaunched(url);
      setPhase('playing');
    } catch (err) {
      toast.error(translateError(err));
    } finally {
      setLaunching(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!amount.trim()) return setError(t('gate.amountRequired'));
    const scale = data?.scale ?? 2;
    const value = toTransferAmount(amount, scale, locale);
    if (value === null) return setError(t('wallet.amountFormat', { scale }));
    setError('');
    key.current ??= transferKey();
    const idempotencyKey = key.current;
    transfer.mutate(
      { direction: 'in', vassalage: game.vassalage, amount: value, idempotencyKey },
      {
        onSuccess: (result) => {
          key.current = null;
          const status = result.transfers[0]?.status;
          if (status === 'succeeded') return void play();
          if (status === 'pending') return void toast.info(t('wallet.pendingToast'));
          toast.error(t('wallet.failed'));
        },
        onError: (err) => {
          // A network failure keeps the key: pressing again replays the same transfer.
          if (!isApiError(err, 'NETWORK_ERROR')) key.current = null;
          if (isApiError(err, 'INSUFFICIENT_FUNDS') || isAmountRefusal(err)) setError(translateError(err));
          else toast.error(translateError(err));
        },
      },
    );
  }

  const busy = transfer.isPending || launching;
  const funded = wallet.balanceMinor !== '0';
  return (
    <section className="game-gate" aria-labelledby={titleId} data-testid="transfer-gate">
      <h2 id={titleId} className="game-gate__title">
        {funded ? t('gate.readyTitle', { vendor: wallet.name }) : t('gate.title', { vendor: wallet.name })}
      </h2>
      <p className="game-gate__text">{t('gate.text')}</p>
      <dl className="game-gate__balances">
        <div>
          <dt>{t('gate.main')}</dt>
          <dd className="tf__money" data-testid="gate-main-balance">
            {money(data.mainBalance)}
          </dd>
        </div>
        <div>
          <dt>{t('gate.vendor', { vendor: wallet.name })}</dt>
          <dd className="tf__money" data-testid="gate-vendor-balance">
            {money(wallet.balance)}
          </dd>
        </div>
      </dl>
      {wallet.pending && (
        <p className="tf__note tf__note--pending" role="status">
          {t('wallet.pendingIn', { amount: money(wallet.pending.amount) })}
        </p>
      )}
      <form className="game-gate__form" onSubmit={submit} noValidate>
        <TextField
          label={t('wallet.amount')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={24}
          value={amount}
          error={error || undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        <div className="game-gate__buttons">
          <Button type="submit" variant="money" loading={transfer.isPending} disabled={busy || wallet.pending !== null}>
            {t('gate.submit')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            loading={launching && !transfer.isPending}
            disabled={busy}
            onClick={() => void play()}
          >
            {funded ? t('gate.play') : t('gate.skip')}
          </Button>
        </div>
      </form>
    </section>
  );
}
