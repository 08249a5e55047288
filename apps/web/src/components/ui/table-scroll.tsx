import type { ReactNode } from 'react';
import './lists.css';

/**
 * A wide table that scrolls sideways on a phone. The region is focusable so keyboard users can
 * scroll it too (axe: scrollable-region-focusable); its label names it for screen readers.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
