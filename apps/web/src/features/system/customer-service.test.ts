import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerServiceEntry } from '@wps/shared/schemas/system';
import { customerServiceHref, openChatWindow, visibleCustomerService } from './customer-service';

// Web links resolve against the page's origin.
beforeAll(() => vi.stubGlobal('window', { location: { origin: 'https://site.test' } }));
afterAll(() => vi.unstubAllGlobals());

const entry = (
  csType: string,
  openAs: CustomerServiceEntry['openAs'],
  path: string,
  vipOnly = false,
): CustomerServiceEntry => ({ csType, name: csType, path, openAs, vipOnly });

const CHAT = entry('LIVECHAT', 'popup', 'https://chat.example/room');
const MAIL = entry('EMAIL', 'email', 'mailto:help@example.com');
const VIP = entry('VIP', 'link', 'https://t.me/vip', true);

describe('visibleCustomerService', () => {
  it('never offers a VIP entry at rank level 4 or below, or without a club', () => {
    for (const level of [null, undefined, 0, 4])
      expect(visibleCustomerService([VIP, CHAT, MAIL], level)).toEqual([CHAT, MAIL]);
  });

  it('puts the VIP entries first above rank level 4', () => {
    expect(visibleCustomerService([CHAT, VIP, MAIL], 5)).toEqual([VIP, CHAT, MAIL]);
  });

  it('leaves out an entry whose link its kind may not open', () => {
    const bad = [
      entry('X', 'popup', 'javascript:alert(1)'),
      entry('Y', 'email', 'https://mail.example'),
      entry('Z', 'phone', 'tel:+55 11'),
    ];
    expect(visibleCustomerService([...bad, CHAT], null)).toEqual([CHAT]);
  });
});

describe('customerServiceHref', () => {
  it('keeps mailto: and tel: links as they are and resolves web links', () => {
    expect(customerServiceHref(MAIL)).toBe('mailto:help@example.com');
    expect(customerServiceHref(entry('PHONE', 'phone', 'tel:+55-11-4000'))).toBe('tel:+55-11-4000');
    expect(customerServiceHref(CHAT)).toBe('https://chat.example/room');
  });
});

describe('openChatWindow', () => {
  const popupWith = () => ({ opener: {} as unknown, close: vi.fn(), location: { replace: vi.fn() } });
  const withOpen = (popup: ReturnType<typeof popupWith> | null) => {
    const open = vi.fn(() => popup);
    vi.stubGlobal('window', { location: { origin: 'https://site.test' }, open });
    return open;
  };

  it('opens the 440×500 window at once, cuts its opener, then sends it to the address the server answers', async () => {
    const popup = popupWith();
    const open = withOpen(popup);
    let answer!: (target: { url: string }) => void;
    expect(openChatWindow('LIVECHAT', () => new Promise((resolve) => (answer = resolve)))).toBe(true);
    expect(open).toHaveBeenCalledWith('', 'wps-online-service', 'popup,width=440,height=500');
    expect(popup.opener).toBeNull();
    answer({ url: 'https://chat.example/room' });
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith('https://chat.example/room'));
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('closes the window when the fetch fails or answers no web address', async () => {
    for (const fetchTarget of [
      () => Promise.reject(new Error('404')),
      () => Promise.resolve({ url: 'javascript:alert(1)' }),
    ]) {
      const popup = popupWith();
      withOpen(popup);
      expect(openChatWindow('LIVECHAT', fetchTarget)).toBe(true);
      await vi.waitFor(() => expect(popup.close).toHaveBeenCalled());
      expect(popup.location.replace).not.toHaveBeenCalled();
    }
  });

  it('answers false when the browser blocks the window, asking nothing', () => {
    withOpen(null);
    const fetchTarget = vi.fn(() => Promise.resolve({ url: 'https://chat.example' }));
    expect(openChatWindow('LIVECHAT', fetchTarget)).toBe(false);
    expect(fetchTarget).not.toHaveBeenCalled();
  });
});
