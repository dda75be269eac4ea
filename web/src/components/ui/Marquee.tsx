import type { ReactNode } from 'react';
import './marquee.css';

interface MarqueeProps {
  items: readonly string[];
  onActivate?: () => void;
  label: string;
  leading?: ReactNode;
  trailing?: ReactNode;
  testId?: string;
  /** pixels per second */
  speed?: number;
  /** shown once, still, when there are no items */
  empty?: string;
}

export function Marquee({ items, onActivate, label, leading, trailing, testId, speed = 60, empty }: MarqueeProps) {
  const text = items.join('   ✦   ');
  // Scroll time grows with the text so long announcements stay readable.
  const duration = Math.max(12, (text.length * 8) / speed);
  return (
    <div className="marquee" data-testid={testId}>
      {leading}
      <button type="button" className="marquee__window" onClick={onActivate} aria-label={label} title={label}>
        {items.length ? (
          <span className="marquee__track" style={{ animationDuration: `${duration}s` }}>
            <span className="marquee__text">{text}</span>
            <span className="marquee__text" aria-hidden="true">
              {text}
            </span>
          </span>
        ) : (
          <span className="marquee__still">{empty}</span>
        )}
      </button>
      {trailing}
    </div>
  );
}
