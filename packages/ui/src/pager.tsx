import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

export type PagerProps = {
  /** The page shown (1-based); Previous is off on the first, Next on the last. */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** "Page 2 of 5", in the caller's words. */
  pageLabel: ReactNode;
  previousLabel: ReactNode;
  nextLabel: ReactNode;
  /** With a label the pager is a navigation landmark; without, a plain row. */
  label?: string;
  variant?: ButtonProps['variant'];
  className?: string;
};

/** Previous / page x of y / Next under a paged list. */
export function Pager({
  page,
  totalPages,
  onPage,
  pageLabel,
  previousLabel,
  nextLabel,
  label,
  variant = 'secondary',
  className,
}: PagerProps) {
  const content = (
    <>
      <Button size="sm" variant={variant} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span className="pager__page">{pageLabel}</span>
      <Button size="sm" variant={variant} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </>
  );
  const classes = ['pager', className].filter(Boolean).join(' ');
  return label ? (
    <nav className={classes} aria-label={label}>
      {content}
    </nav>
  ) : (
    <div className={classes}>{content}</div>
  );
}
