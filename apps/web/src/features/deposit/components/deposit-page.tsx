import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@wps/shared/schemas/deposit';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useDepositChannels } from '../api/list-deposit-channels';
import { ChannelSummary } from './channel-summary';
import { DepositForm } from './deposit-form';
import { DepositOrderList } from './deposit-order-list';
import { usePermission } from '../../../lib/api/get-permission';
import { ManualTransferDetails } from './manual-transfer-details';
import { PixChargeDetails } from './pix-charge-details';
import { ResponsibleGamingNotice } from '../../../components/ui/responsible-gaming-notice';
import './deposit.css';

/** Member-centre page depositv2: channel tabs, the amount form or the transfer details (or PIX charge), and the order list. */
export function DepositPage() {
  const { t } = useTranslation('deposit');
  const channels = useDepositChannels();
  // Under a licence that pays only the player's own accounts, a PIX payment from another CPF is returned.
  const ownAccountsOnly = usePermission().data?.register.jurisdiction.ownAccountsOnly ?? false;
  const [selected, setSelected] = useState<string | null>(null);
  const [manualOrder, setManualOrder] = useState<DepositOrder | null>(null);
  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === selected) ?? list[0];

  return (
    <div className="deposit-page">
      <h2 className="deposit-page__title">{t('pageTitle')}</h2>
      {channels.isPending ? (
        <div className="deposit-page__skeleton" aria-busy="true">
          <span className="visually-hidden">{t('loadingChannels')}</span>
          <span />
          <span />
        </div>
      ) : !channel ? (
        <p className="deposit-page__empty">{t('noChannels')}</p>
      ) : manualOrder?.pixCode ? (
        <PixChargeDetails order={manualOrder} ownAccountOnly={ownAccountsOnly} onDone={() => setManualOrder(null)} />
      ) : manualOrder ? (
        <ManualTransferDetails order={manualOrder} onDone={() => setManualOrder(null)} />
      ) : (
        <>
          <Tabs
            idBase="deposit-channel"
            ariaLabel={t('channels')}
            className="deposit-tabs"
            items={list.map((c) => ({ id: c.id, label: c.name }))}
            value={channel.id}
            onChange={setSelected}
          />
          <TabPanel idBase="deposit-channel" value={channel.id} className="deposit-panel">
            <ChannelSummary channel={channel} />
            <DepositForm key={channel.id} channel={channel} onManualOrder={setManualOrder} />
          </TabPanel>
        </>
      )}
      <ResponsibleGamingNotice />
      <DepositOrderList onShowPix={setManualOrder} />
    </div>
  );
}
