import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../../lib/create-store';
import { CheckIcon, CloseIcon, WarningIcon } from './icons';
import './ui.css';

type ToastKind = 'success' | 'error' | 'info';
type ToastItem = { id: number; kind: ToastKind; message: string };

const DURATION_MS = 4000;
const toasts = createStore<ToastItem[]>([]);
let nextId = 1;

function dismiss(id: number): void {
  toasts.set((items) => items.filter((item) => item.id !== id));
}

function push(kind: ToastKind, message: string): void {
  const id = nextId++;
  // Keep at most three on screen; the oldest goes first.
  toasts.set((items) => [...items.slice(-2), { id, kind, message }]);
  window.setTimeout(() => dismiss(id), DURATION_MS);
}

/** Short, self-dismissing notices: every result is visible (ui guide). */
export const toast = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
};

/** Renders the toasts; mounted once by the layout. */
export function Toaster() {
  const { t } = useTranslation('common');
  const current = useStore(toasts);
  return (
    <div className="toaster" role="region" aria-label={t('notifications')}>
      <div aria-live="polite" className="toaster__list">
        {current.map((item) => (
          <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
            <span className="toast__icon" aria-hidden="true">
              {item.kind === 'error' ? <WarningIcon /> : <CheckIcon />}
            </span>
            <span className="toast__message">{item.message}</span>
            <button
              type="button"
              className="icon-button icon-button--sm"
              onClick={() => dismiss(item.id)}
              aria-label={t('close')}
            >
              <CloseIcon />
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
