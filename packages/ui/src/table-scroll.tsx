import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The region is focusable so keyboard users can
 * scroll it too (axe: scrollable-region-focusable); its label names it for screen readers.
 */
export function TableScroll({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={className ? `table-scroll ${className}` : 'table-scroll'}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}
