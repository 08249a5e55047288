import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { MessagePage } from './message-page';

const page = <T,>(list: T[], unreadCount: number) => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 20,
  totalPages: 1,
  unreadCount,
});

const NOTICE = {
  id: '41',
  kind: 'deposit_credited',
  params: { amount: '50.00' },
  createdAt: '2026-11-28T12:00:00.000Z',
  isRead: false,
};
const MESSAGE = {
  id: '9',
  title: 'Manutenção programada',
  bodyHtml: '<p>Domingo, das 2h às 4h.</p>',
  sentAt: '2026-11-27T12:00:00.000Z',
  isRead: false,
};

function renderInbox(messages: ReturnType<typeof page>, notices: ReturnType<typeof page>) {
  stubApi({
    'GET /wps/messages/platform': ok(messages),
    'GET /wps/messages': ok(notices),
    'POST /wps/messages/read': ok({ updated: 1, unreadCount: 0 }),
    'POST /wps/messages/platform/read': ok({ updated: 1, unreadCount: 0 }),
  });
  return renderWithProviders(<MessagePage />);
}

describe('MessagePage', () => {
  it('opens on the notices when only they have unread items', async () => {
    await renderInbox(page([], 0), page([NOTICE], 1));
    expect(await screen.findByRole('tab', { name: /Avisos de transações/, selected: true })).toBeInTheDocument();
  });

  it('opens on the messages when they have unread items', async () => {
    await renderInbox(page([MESSAGE], 1), page([NOTICE], 1));
    await screen.findByText('Manutenção programada');
    expect(screen.getByRole('tab', { name: /Mensagens/, selected: true })).toBeInTheDocument();
  });
});
