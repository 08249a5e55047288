import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useNotices } from '../api/list-notices';
import { usePlatformMessages } from '../api/list-platform-messages';
import { NOTICES_PAGE_SIZE, NoticeList } from './notice-list';
import { MESSAGES_PAGE_SIZE, PlatformMessageList } from './platform-message-list';
import './messages.css';

type InboxTab = 'messages' | 'notices';

/**
 * Member-centre page messageV2 (platform information): the operator's messages and the
 * transaction notices, each on its tab with its unread count.
 */
export function MessagePage() {
  const { t } = useTranslation('messages');
  const idBase = useId();
  // The first pages (shared with the lists' own queries) carry each tab's unread count.
  const messages = usePlatformMessages(1, MESSAGES_PAGE_SIZE);
  const notices = useNotices(1, NOTICES_PAGE_SIZE);
  const messagesUnread = messages.data?.unreadCount ?? 0;
  const noticesUnread = notices.data?.unreadCount ?? 0;
  // The inbox opens where the unread items are: the notices when only they have some. Chosen once,
  // when both counts are in, so reading the notices (their count falls to 0) does not move the tab.
  const [tab, setTab] = useState<InboxTab | null>(null);
  const isCounted = messages.data !== undefined && notices.data !== undefined;
  // Set while rendering (React's pattern for state that follows a prop), so the tab never flashes.
  if (tab === null && isCounted) setTab(messagesUnread === 0 && noticesUnread > 0 ? 'notices' : 'messages');
  const shown = tab ?? 'messages';
  const unread = messagesUnread + noticesUnread;
  const label = (text: string, count: number) => (
    <>
      {text}
      {count > 0 && (
        <span className="unread-count" aria-label={t('unreadBadge', { count })}>
          {count}
        </span>
      )}
    </>
  );

  return (
    <div className="messages-page">
      <div className="messages-page__head">
        <h2 className="messages-page__title">
          {t('pageTitle')}
          {unread > 0 && <span className="messages-page__count">{t('unreadBadge', { count: unread })}</span>}
        </h2>
      </div>
      <Tabs
        idBase={idBase}
        ariaLabel={t('tabs.label')}
        value={shown}
        onChange={setTab}
        className="messages-page__tabs"
        items={[
          { id: 'messages', label: label(t('tabs.messages'), messagesUnread) },
          { id: 'notices', label: label(t('tabs.notices'), noticesUnread) },
        ]}
      />
      <TabPanel idBase={idBase} value={shown} className="messages-page__panel">
        {shown === 'messages' ? <PlatformMessageList /> : <NoticeList />}
      </TabPanel>
    </div>
  );
}
