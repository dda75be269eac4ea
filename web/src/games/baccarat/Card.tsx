// Playing cards drawn as SVG (no images).
import type { ReactNode } from 'react';
import { RANK_LABEL, SUIT_RED } from './cards';

const SUITS: Record<string, ReactNode> = {
  S: <path d="M12 2C9 7 3 9.5 3 14a4.5 4.5 0 0 0 8 2.8L10 22h4l-1-5.2A4.5 4.5 0 0 0 21 14c0-4.5-6-7-9-12z" />,
  H: <path d="M12 21s-7.5-4.7-9.6-9.3A5.2 5.2 0 0 1 12 6.3a5.2 5.2 0 0 1 9.6 5.4C19.5 16.3 12 21 12 21z" />,
  D: <path d="M12 2l7.5 10L12 22 4.5 12z" />,
  C: (
    <>
      <circle cx="12" cy="7" r="4.3" />
      <circle cx="6.8" cy="13.4" r="4.3" />
      <circle cx="17.2" cy="13.4" r="4.3" />
      <path d="M10.8 12h2.4l1.6 10h-5.6z" />
    </>
  ),
};

const SUIT_NAME: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function Card({ code, hidden, testId }: { code?: string; hidden?: boolean; testId?: string }) {
  if (hidden || !code) {
    return (
      <svg className="bac-card bac-card--back" viewBox="0 0 60 84" role="img" aria-label="card" data-testid={testId}>
        <defs>
          <pattern id="bac-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="8" height="8" fill="#3b1f86" />
            <rect width="4" height="8" fill="#4c2aa5" />
          </pattern>
        </defs>
        <rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" />
        <rect x="4" y="4" width="52" height="76" rx="4" fill="url(#bac-back)" stroke="#f5c542" strokeWidth="1.5" />
      </svg>
    );
  }
  const rank = RANK_LABEL[code[0]] ?? code[0];
  const suit = code[1];
  const colour = SUIT_RED.has(suit) ? '#d4213d' : '#17142e';
  return (
    <svg className="bac-card" viewBox="0 0 60 84" role="img" aria-label={`${rank}${SUIT_NAME[suit] ?? suit}`} data-testid={testId} data-card={code}>
      <rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf7" stroke="#c9c3e8" strokeWidth="1" />
      <g fill={colour}>
        <text x="6" y="17" fontSize="14" fontWeight="800" fontFamily="system-ui, sans-serif">
          {rank}
        </text>
        <g transform="translate(5.5 20) scale(0.45)">{SUITS[suit]}</g>
        <g transform="translate(18 30) scale(1.0)">{SUITS[suit]}</g>
        <g transform="rotate(180 30 42)">
          <text x="6" y="17" fontSize="14" fontWeight="800" fontFamily="system-ui, sans-serif">
            {rank}
          </text>
          <g transform="translate(5.5 20) scale(0.45)">{SUITS[suit]}</g>
        </g>
      </g>
    </svg>
  );
}
