import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A matchMedia whose answer the test changes, telling the listeners of that query as a browser does. */
function stubMatchMedia(initial: Record<string, boolean>) {
  const matches = { ...initial };
  const listeners = new Map<string, Set<() => void>>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return matches[query] ?? false;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => {
        if (!listeners.has(query)) listeners.set(query, new Set());
        listeners.get(query)!.add(listener);
      },
      removeEventListener: (_type: string, listener: () => void) => listeners.get(query)?.delete(listener),
    })),
  );
  return {
    set(query: string, value: boolean) {
      matches[query] = value;
      act(() => listeners.get(query)?.forEach((listener) => listener()));
    },
    listening: (query: string) => listeners.get(query)?.size ?? 0,
  };
}

function Probe({ query, whenUnsupported }: { query: string; whenUnsupported?: boolean }) {
  return <output>{String(useMediaQuery(query, whenUnsupported))}</output>;
}

describe('useMediaQuery', () => {
  it('answers the query now and follows it as it starts and stops matching', () => {
    const media = stubMatchMedia({ '(min-width: 1024px)': true });
    const { unmount } = render(<Probe query="(min-width: 1024px)" />);
    expect(screen.getByRole('status')).toHaveTextContent('true');
    media.set('(min-width: 1024px)', false);
    expect(screen.getByRole('status')).toHaveTextContent('false');
    media.set('(min-width: 1024px)', true);
    expect(screen.getByRole('status')).toHaveTextContent('true');
    unmount();
    expect(media.listening('(min-width: 1024px)')).toBe(0);
  });

  it('listens to the new query when the query changes', () => {
    const media = stubMatchMedia({ '(max-width: 1023px)': true });
    const { rerender } = render(<Probe query="(min-width: 1024px)" />);
    expect(screen.getByRole('status')).toHaveTextContent('false');
    rerender(<Probe query="(max-width: 1023px)" />);
    expect(screen.getByRole('status')).toHaveTextContent('true');
    expect(media.listening('(min-width: 1024px)')).toBe(0);
    expect(media.listening('(max-width: 1023px)')).toBe(1);
  });

  it('without matchMedia it is the fallback the caller chose (false unless told)', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { rerender } = render(<Probe query="(min-width: 1024px)" />);
    expect(screen.getByRole('status')).toHaveTextContent('false');
    rerender(<Probe query="(min-width: 1024px)" whenUnsupported />);
    expect(screen.getByRole('status')).toHaveTextContent('true');
  });
});
