import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/**
 * What a list or panel shows instead of its content: loading, empty, failed. Each is a live
 * region of the right kind, so a screen reader hears the change without moving focus.
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="state state--loading" role="status">
      <Spinner size={20} />
      <span>{label}</span>
    </div>
  );
}

/** An empty result, saying so and offering the next step (`action`) when there is one. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state--empty" role="status">
      <p className="state__title">{title}</p>
      {children && <div className="state__body">{children}</div>}
      {action}
    </div>
  );
}

/** A failed load: the translated error and a retry control (`action`). */
export function ErrorState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{message}</p>
      {action}
    </div>
  );
}
