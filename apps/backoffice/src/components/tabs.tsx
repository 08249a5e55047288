import { useRef, type KeyboardEvent, type ReactNode } from 'react';

type TabsProps<T extends string> = {
  ids: readonly T[];
  active: T;
  onChange: (id: T) => void;
  /** Names the tab list for screen readers. */
  label: string;
  labelOf: (id: T) => string;
  /** Prefix of the tabs' and panel's element ids (unique on the page). */
  idPrefix: string;
  /** The active tab's content. */
  children: ReactNode;
};

/**
 * Tabs as the ARIA pattern has them: arrow keys, Home and End move between tabs (only the active
 * one is in the tab order), and the panel is labelled by its tab and focusable.
 */
export function Tabs<T extends string>({ ids, active, onChange, label, labelOf, idPrefix, children }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? ids.length - 1 : (index + step + ids.length) % ids.length;
    onChange(ids[next]!);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label}>
        {ids.map((id, index) => (
          <button
            key={id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${id}`}
            aria-selected={active === id}
            aria-controls={`${idPrefix}-panel-${id}`}
            tabIndex={active === id ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {labelOf(id)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${active}`}
        aria-labelledby={`${idPrefix}-tab-${active}`}
        tabIndex={0}
        className="tabs__panel"
      >
        {children}
      </div>
    </>
  );
}
