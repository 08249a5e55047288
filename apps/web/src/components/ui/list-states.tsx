import type { ReactNode } from 'react';
import { Button } from '@wps/ui/button';
import './lists.css';

type ListStatesProps<T> = {
  isLoading: boolean;
  /** The failed query's error in the user's language; null when it did not fail. */
  errorText: string | null;
  onRetry: () => void;
  /** What the query answered (with whatever else the content needs); undefined shows the empty note. */
  value: T | undefined;
  isEmpty: (value: T) => boolean;
  labels: { loading: string; retry: string; empty: string };
  /** Placeholder rows while loading. */
  rows?: number;
  children: (value: T) => ReactNode;
};

/**
 * The states every paged list and report shows around its content, in this order: placeholder
 * rows while the first answer loads, the error with a retry, an empty note, else the content.
 */
export function ListStates<T>({
  isLoading,
  errorText,
  onRetry,
  value,
  isEmpty,
  labels,
  rows = 5,
  children,
}: ListStatesProps<T>) {
  if (isLoading) {
    return (
      <div className="list-skeleton" aria-busy="true">
        {/* A div may not carry aria-label (axe aria-prohibited-attr): the busy state is named in hidden text. */}
        <span className="visually-hidden">{labels.loading}</span>
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="list-skeleton__row" />
        ))}
      </div>
    );
  }
  if (errorText !== null) {
    return (
      <div className="list-state" role="alert">
        <p>{errorText}</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {labels.retry}
        </Button>
      </div>
    );
  }
  if (value === undefined || isEmpty(value)) return <p className="list-state">{labels.empty}</p>;
  return <>{children(value)}</>;
}
