import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { useListParams } from '../../../lib/list-params';
import { useCan } from '../../../lib/permissions';
import { useTimeZone } from '../../../lib/time-zone';
import { MessageDialog } from './message-dialog';
import { MessageList } from './message-list';
import './messages.css';

/**
 * Platform messages (inbox.read; writing needs inbox.write): the players' inbox messages, newest
 * first, with their audience, send time, status and read count; write one to every player, a
 * segment or named players, preview it, send it now or schedule it, and withdraw it.
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const canWrite = useCan('inbox.write');
  const timeZone = useTimeZone();
  const params = useListParams({ filterKeys: [], defaultSort: 'id', defaultOrder: 'desc' });
  const [isWriting, setWriting] = useState(false);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <section className="page messages-page" aria-labelledby="messages-title">
      <div className="page-header">
        <h1 id="messages-title">{t('title')}</h1>
        {canWrite && <Button onClick={() => setWriting(true)}>{t('new')}</Button>}
      </div>
      <p>{t('intro')}</p>
      {!canWrite && <p className="messages-muted">{t('readOnly')}</p>}
      <MessageList params={params} canWrite={canWrite} timeZone={timeZone} />
      {isWriting && <MessageDialog timeZone={timeZone} onClose={() => setWriting(false)} />}
    </section>
  );
}
