import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notePainted } from '../lib/first-paint';
import { buildPermission, ok, pending, renderWithProviders, stubApi } from '../lib/test-render';
import { Layout } from './layout';
import { DRAWER_QUERY } from './side-menu-store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A viewport that answers the side menu's drawer query with `phone`, and an IntersectionObserver the test drives. */
function viewport(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === DRAWER_QUERY && phone,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })),
  );
  const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    },
  );
  /** Scroll near every observed element. */
  const scrollNear = () =>
    act(() => {
      for (const { callback, target } of observed)
        if (target)
          callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { scrollNear };
}

async function renderLayout() {
  stubApi({
    'GET /wps/system/permission': ok(buildPermission()),
    'GET /wps/content/footer': ok({ list: [] }),
    'GET /wps/content/pages': ok({ list: [] }),
    'POST /wps/relay/GCSGAME_newGameVendor': pending,
  });
  const result = await renderWithProviders(<Layout hasSideMenu hasFooter />, { signedIn: false, route: '/promotions' });
  act(() => notePainted());
  return result;
}

describe('the page frame draws what is off screen only when it is needed', () => {
  it('on a phone, draws the side menu when the drawer first opens, not before', async () => {
    viewport(true);
    const { user } = await renderLayout();
    // The painted page has its right bar (tablets show it) but no drawer yet, only its anchor.
    await screen.findByRole('navigation', { name: 'Atalhos' }, { timeout: 3_000 });
    expect(screen.queryByRole('complementary', { name: 'Menu principal' })).toBeNull();
    expect(document.getElementById('side-menu')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('complementary', { name: 'Menu principal' })).toBeInTheDocument();
  });

  it('on a desktop, draws the side menu as a column once the page has painted', async () => {
    viewport(false);
    await renderLayout();
    expect(
      await screen.findByRole('complementary', { name: 'Menu principal' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
  });

  it('draws the footer when the player scrolls near it', async () => {
    const { scrollNear } = viewport(false);
    await renderLayout();
    await screen.findByRole('complementary', { name: 'Menu principal' }, { timeout: 3_000 });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    scrollNear();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });
});
