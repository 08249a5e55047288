import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorLanes } from '@wps/shared/schemas/catalogue';
import { createTestQueryClient, renderWithProviders } from '../../../lib/test-render';
import { CategoryNav, WIDE_HEADER } from './category-nav';

/** One slots vendor and one live vendor: two categories in the header. */
const LANES: VendorLanes = {
  lanes: [
    {
      title: 'RNG',
      gameClassify: 'RNG',
      cards: [
        {
          vassalage: 'SBX',
          name: 'Slots',
          category: 'RNG',
          walletModel: 'seamless',
          isHot: 1,
          status: 'active',
          logo: '',
          gameCount: 3,
        },
      ],
    },
    {
      title: 'LIVE',
      gameClassify: 'LIVE',
      cards: [
        {
          vassalage: 'SBL',
          name: 'Live',
          category: 'LIVE',
          walletModel: 'seamless',
          isHot: 0,
          status: 'active',
          logo: '',
          gameCount: 2,
        },
      ],
    },
  ],
};

/** The header's width query answers `wide` (until `widen`); layout reads are counted. */
function screenOf(wide: boolean) {
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === WIDE_HEADER && wide,
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
  /** The window widened past the breakpoint. */
  const widen = () =>
    act(() => {
      wide = true;
      for (const listener of listeners) listener();
    });
  return Object.assign(measured, { widen });
}

async function renderNav() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['lobby', 'vendors'], LANES);
  await renderWithProviders(<CategoryNav />, { queryClient });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the header categories', () => {
  it('are not measured on a phone, where the header does not show them (no forced layout, no second render)', async () => {
    const measured = screenOf(false);
    await renderNav();
    expect(measured).not.toHaveBeenCalled();
    // Left as rendered: nothing moved into "More" for a width of 0.
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
  });

  it('are measured once the window widens past the breakpoint', async () => {
    const measured = screenOf(false);
    await renderNav();
    expect(measured).not.toHaveBeenCalled();
    measured.widen();
    expect(measured).toHaveBeenCalled();
  });

  it('are measured on a wide screen, to move what does not fit into "More"', async () => {
    const measured = screenOf(true);
    await renderNav();
    expect(measured).toHaveBeenCalled();
  });
});
