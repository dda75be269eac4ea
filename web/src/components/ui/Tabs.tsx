import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<T extends string | number> {
  id: T;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
  disabled?: boolean;
}

interface TabsProps<T extends string | number> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  variant?: 'pill' | 'underline' | 'icon';
  testId?: string;
  className?: string;
}

export function Tabs<T extends string | number>({ items, value, onChange, label, variant = 'pill', testId, className }: TabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const enabled = items.filter((i) => !i.disabled);
    const idx = enabled.findIndex((i) => i.id === value);
    const next = enabled[(idx + (e.key === 'ArrowRight' ? 1 : enabled.length - 1)) % enabled.length];
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    list.current?.querySelector<HTMLElement>(`[data-tab-id="${String(next.id)}"]`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={`tabs tabs--${variant} ${className ?? ''}`}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={String(item.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            className={`tabs__tab${selected ? ' is-active' : ''}`}
            data-tab-id={String(item.id)}
            data-testid={item.testId}
            onClick={() => onChange(item.id)}
          >
            {item.icon}
            <span className="tabs__label">{item.label}</span>
          </button>
        );
      })}
    </div>
  );
}
