import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon, RefreshIcon } from '../components/ui/icons';
import { useBalance } from '../lib/api/get-balance';
import { getSessionValue, setSessionValue } from '../lib/session-storage';
import { useFormatMoney } from '../lib/money';

const HIDDEN_KEY = 'balanceHidden';

/** Header balance: show/hide eye (hidden shows ***) and refresh with an updating placeholder. */
export function Balance() {
  const { t } = useTranslation('common');
  const formatMoney = useFormatMoney();
  const balance = useBalance();
  const [isHidden, setHidden] = useState(() => getSessionValue(HIDDEN_KEY) === 'true');
  const isUpdating = balance.isFetching || !balance.data;

  const toggleHidden = () => {
    setHidden(!isHidden);
    setSessionValue(HIDDEN_KEY, String(!isHidden));
  };

  let text: string;
  if (isHidden) text = '***';
  else if (isUpdating) text = t('balance.updating');
  else text = formatMoney(balance.data.sumBalance, { currency: balance.data.currency, scale: balance.data.scale });
  // Bonus money is not withdrawable: shown as its own line, only while there is some.
  const hasBonus = !isUpdating && BigInt(balance.data.bonusBalanceMinor) > 0n;

  return (
    <div className="balance" role="group" aria-label={t('balance.label')}>
      <span className="balance__figures">
        <span
          className={`balance__amount amount${isUpdating && !isHidden ? ' is-updating' : ''}`}
          aria-live="polite"
          data-testid="header-balance"
        >
          {text}
        </span>
        {hasBonus && (
          <span className="balance__bonus amount" aria-label={t('balance.bonusLabel')} data-testid="header-bonus">
            {t('balance.bonus', {
              amount: isHidden
                ? '***'
                : formatMoney(balance.data.bonusBalance, {
                    currency: balance.data.currency,
                    scale: balance.data.scale,
                  }),
            })}
          </span>
        )}
      </span>
      <button
        type="button"
        className="icon-button icon-button--sm"
        onClick={toggleHidden}
        aria-label={isHidden ? t('balance.show') : t('balance.hide')}
        aria-pressed={isHidden}
      >
        {isHidden ? <EyeOffIcon /> : <EyeIcon />}
      </button>
      <button
        type="button"
        className={`icon-button icon-button--sm${balance.isFetching ? ' is-spinning' : ''}`}
        onClick={() => void balance.refetch()}
        disabled={balance.isFetching}
        aria-label={t('balance.refresh')}
      >
        <RefreshIcon />
      </button>
    </div>
  );
}
