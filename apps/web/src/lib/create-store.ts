import { useSyncExternalStore } from 'react';

/**
 * A value that lives outside React (which modal is open, the side menu's state, the toasts) and
 * the components that show it. Each such store used to carry its own listener set, emit loop and
 * subscribe function; this is the one copy. Stores are module singletons: create one at module
 * level, change it from plain functions (callable from anywhere, even outside React), and read it
 * in components with useStore.
 */
export type Store<T> = {
  /** The current value; the same object until the next set, as useSyncExternalStore needs. */
  get: () => T;
  /** Replace the value (or derive it from the previous one) and tell every subscriber. */
  set: (next: T | ((previous: T) => T)) => void;
  /** Merge fields into an object value; a shorthand for set with a spread. */
  patch: (fields: Partial<T>) => void;
  /** Call the listener after every change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T | ((previous: T) => T)) => {
    value = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => value,
    set,
    patch: (fields) => set((previous) => ({ ...previous, ...fields })),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Subscribe a component to a store. With `read`, the component gets that instead of the stored
 * value: stores whose truth lives elsewhere (session storage, the document's theme) keep a change
 * counter in the store and read the real value here, so an outside write is never shadowed.
 */
export function useStore<T>(store: Store<T>): T;
export function useStore<T, R>(store: Store<T>, read: () => R): R;
export function useStore<T, R>(store: Store<T>, read?: () => R): T | R {
  const getSnapshot: () => T | R = read ?? store.get;
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
