import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MallItem } from '@wps/shared/schemas/points';
import { Button } from '@wps/ui/button';
import { ListStates } from '../../../components/ui/list-states';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useToken } from '../../../lib/session-storage';
import { usePointBalance } from '../api/get-point-balance';
import { usePointConfig } from '../api/get-point-config';
import { usePointRewards } from '../api/get-point-rewards';
import { itemName } from '../loyalty-format';
import { ConvertForm } from './convert-form';
import { PointsDetails } from './points-details';
import { RedeemDialog } from './redeem-dialog';
import { RedeemHistory } from './redeem-history';
import '../loyalty.css';

type Tab = 'rewards' | 'history' | 'convert' | 'details';

/**
 * /pointMall: the member's points, the mall's rewards (redeemed with the payment password), the
 * redeem history, converting points to cash and the points' movements. A visitor is asked to log
 * in (`onLogin`, from the app).
 */
export function PointMallPage({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation('loyalty');
  const token = useToken();
  const titleId = useId();
  const [tab, setTab] = useState<Tab>('rewards');
  return (
    <section className="pm" aria-labelledby={titleId}>
      <h1 id={titleId} className="pm__title">
        {t('mall.title')}
      </h1>
      {token === null ? (
        <div className="pm__visitor">
          <p>{t('mall.loginFirst')}</p>
          <Button onClick={onLogin}>{t('mall.login')}</Button>
        </div>
      ) : (
        <>
          <PointsSummary />
          <Tabs
            idBase="pm"
            className="pm__tabs"
            ariaLabel={t('mall.title')}
            value={tab}
            onChange={setTab}
            items={[
              { id: 'rewards', label: t('tabs.rewards') },
              { id: 'history', label: t('tabs.history') },
              { id: 'convert', label: t('tabs.convert') },
              { id: 'details', label: t('tabs.details') },
            ]}
          />
          <TabPanel idBase="pm" value={tab} className="pm__panel">
            {tab === 'rewards' && <RewardGrid />}
            {tab === 'history' && <RedeemHistory />}
            {tab === 'convert' && <ConvertForm />}
            {tab === 'details' && <PointsDetails />}
          </TabPanel>
        </>
      )}
    </section>
  );
}

function PointsSummary() {
  const { t } = useTranslation('loyalty');
  const { number } = useFormats();
  const balance = usePointBalance();
  const config = usePointConfig();
  return (
    <div className="pm__summary">
      <p className="pm__balance">
        {t('mall.yourPoints')}{' '}
        <strong data-testid="points-balance">{balance.data ? number(Number(balance.data.points)) : '…'}</strong>
      </p>
      {config.data && config.data.vipMultiplierPct !== 100 && (
        <p className="pm__hint">{t('mall.multiplier', { pct: config.data.vipMultiplierPct })}</p>
      )}
    </div>
  );
}

function RewardGrid() {
  const { t, i18n } = useTranslation('loyalty');
  const rewards = usePointRewards();
  const balance = usePointBalance();
  const { number } = useFormats();
  const formatMoney = useFormatMoney();
  const config = usePointConfig();
  const [chosen, setChosen] = useState<MallItem | null>(null);
  const points = Number(balance.data?.points ?? '0');
  return (
    <>
      <ListStates
        isLoading={rewards.isLoading}
        errorText={rewards.error ? translateError(rewards.error) : null}
        onRetry={() => void rewards.refetch()}
        value={rewards.data?.list}
        isEmpty={(list) => list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('mall.empty') }}
      >
        {(list) => (
          <ul className="pm-grid">
            {list.map((item) => {
              const isOut = item.stock === 0;
              const isShort = points < Number(item.points);
              return (
                <li key={item.id} className="pm-card">
                  {item.imageUrl ? (
                    <img
                      className="pm-card__image"
                      src={item.imageUrl}
                      alt=""
                      width={160}
                      height={120}
                      loading="lazy"
                    />
                  ) : (
                    <div className="pm-card__image pm-card__image--none" aria-hidden="true" />
                  )}
                  <h2 className="pm-card__name">{itemName(item, i18n.language)}</h2>
                  <p className="pm-card__kind">{t(`kinds.${item.kind}`)}</p>
                  {item.cashAmount !== null && config.data && (
                    <p className="pm-card__cash">
                      {formatMoney(item.cashAmount, {
                        currency: config.data.currency,
                        scale: config.data.currencyScale,
                      })}
                    </p>
                  )}
                  <p className="pm-points">{t('points', { points: number(Number(item.points)) })}</p>
                  {item.stock !== null && <p className="pm-card__stock">{t('mall.stock', { count: item.stock })}</p>}
                  <Button
                    size="sm"
                    block
                    disabled={isOut || isShort}
                    onClick={() => setChosen(item)}
                    aria-label={t('mall.redeemItem', { name: itemName(item, i18n.language) })}
                  >
                    {isOut ? t('mall.outOfStock') : isShort ? t('mall.notEnough') : t('mall.redeem')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
      {chosen && <RedeemDialog item={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}
