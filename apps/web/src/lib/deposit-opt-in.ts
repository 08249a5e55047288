import { createStore, useStore } from './create-store';

/**
 * The promotion whose opt-in the deposit form ticks when it opens: a promotion's page sets it
 * before opening the deposit page ("Depositar"), the deposit form reads it and clears it once the
 * order is made. A store of lib/, so the promotion's feature and the deposit's need not know each other.
 */
const optIn = createStore<{ promotionId: string | null }>({ promotionId: null });

/** Tick this promotion's opt-in in the deposit form opened next. */
export function preselectDepositOptIn(promotionId: string | null): void {
  optIn.set({ promotionId });
}

/** The promotion the deposit form ticks, if any. */
export function useDepositOptIn(): string | null {
  return useStore(optIn).promotionId;
}
