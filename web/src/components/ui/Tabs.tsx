import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
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

/** Which ends of a scrolling strip hide tabs, for the fade that says there is more. */
function useOverflowEnds(ref: RefObject<HTMLElement | null>, deps: unknown): { start: boolean; end: boolean } {
  const [ends, setEnds] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEnds((e) => (e.start === start && e.end === end ? e : { start, end }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      ro?.disconnect();
    };
  }, [ref, deps]);
  return ends;
}

export function Tabs<T extends string | number>({ items, value, onChange, label, variant = 'pill', testId, className }: TabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const more = useOverflowEnds(list, items.length);

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
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
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
            onClick={(e) => {
              onChange(item.id);
              // A tab half under the fade comes into view when chosen.
              e.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
            }}
          >
            {item.icon}
            <span className="tabs__label">{item.label}</span>
          </button>
        );
      })}
    </div>
  );
}
