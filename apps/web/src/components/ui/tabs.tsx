import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export type TabItem<T extends string> = { id: T; label: ReactNode; disabled?: boolean };

export type TabsProps<T extends string> = {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Prefix for the tab and panel ids; pair each panel with <TabPanel idBase value>. */
  idBase: string;
  ariaLabel?: string;
  className?: string;
};

/** Accessible tab list: arrow keys move between tabs, the selected tab is the only tab stop. */
export function Tabs<T extends string>({ items, value, onChange, idBase, ariaLabel, className }: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = items.filter((item) => !item.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = enabled.findIndex((item) => item.id === value);
    let next: TabItem<T> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idBase}-tab-${next.id}`)}`)?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-label={ariaLabel} className={`tabs${className ? ` ${className}` : ''}`}>
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel-${item.id}`}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            className={`tabs__tab${selected ? ' is-selected' : ''}`}
            onClick={() => onChange(item.id)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab. */
export function TabPanel({
  idBase,
  value,
  children,
  className,
}: {
  idBase: string;
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idBase}-panel-${value}`}
      aria-labelledby={`${idBase}-tab-${value}`}
      className={className}
    >
      {children}
    </div>
  );
}
