import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore } from './create-store';

describe('createStore', () => {
  it('holds a value and replaces it, from a value or from the previous one', () => {
    const store = createStore(1);
    expect(store.get()).toBe(1);
    store.set(5);
    expect(store.get()).toBe(5);
    store.set((n) => n + 1);
    expect(store.get()).toBe(6);
  });

  it('merges fields with patch into a new object, keeping the rest', () => {
    const initial = { isOpen: false, page: 'a' };
    const store = createStore(initial);
    store.patch({ isOpen: true });
    expect(store.get()).toEqual({ isOpen: true, page: 'a' });
    // A new object, so React sees the change; the old one is untouched.
    expect(store.get()).not.toBe(initial);
    expect(initial.isOpen).toBe(false);
  });

  it('keeps the same snapshot between changes (useSyncExternalStore loops on a fresh one)', () => {
    const store = createStore({ n: 1 });
    expect(store.get()).toBe(store.get());
  });

  it('tells every subscriber on each change, and no longer after unsubscribing', () => {
    const store = createStore('x');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = store.subscribe(first);
    store.subscribe(second);
    store.set('y');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    stopFirst();
    store.set('z');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('keeps stores apart', () => {
    const a = createStore(0);
    const b = createStore(0);
    const listener = vi.fn();
    b.subscribe(listener);
    a.set(1);
    expect(b.get()).toBe(0);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('useStore', () => {
  const stores = { current: createStore('hello') };
  function Show() {
    return createElement('span', null, useStore(stores.current));
  }
  function ShowRead({ read }: { read: () => string }) {
    return createElement('span', null, useStore(stores.current, read));
  }

  it('renders the stored value, as it is at render time', () => {
    stores.current = createStore('hello');
    expect(renderToString(createElement(Show))).toBe('<span>hello</span>');
    stores.current.set('bye');
    expect(renderToString(createElement(Show))).toBe('<span>bye</span>');
  });

  it('renders what read returns when the truth lives outside the store', () => {
    stores.current = createStore('ignored');
    expect(renderToString(createElement(ShowRead, { read: () => 'from storage' }))).toBe('<span>from storage</span>');
  });
});
