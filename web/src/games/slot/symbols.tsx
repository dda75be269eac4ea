// The slot's symbols, drawn here as SVG (no images are fetched). The
// gradients are defined once per page by <SymbolDefs/>.
import type { ReactNode } from 'react';
import type { SymbolName } from './types';

export function SymbolDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="gh-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff1b0" />
          <stop offset="0.5" stopColor="#f5c542" />
          <stop offset="1" stopColor="#b7811f" />
        </linearGradient>
        <linearGradient id="gh-wild" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#b34dff" />
          <stop offset="1" stopColor="#ff3d8b" />
        </linearGradient>
        <linearGradient id="gh-gem" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#bffaff" />
          <stop offset="0.55" stopColor="#37c8f0" />
          <stop offset="1" stopColor="#1664c8" />
        </linearGradient>
        <linearGradient id="gh-red" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff7b7b" />
          <stop offset="1" stopColor="#c4122f" />
        </linearGradient>
        <radialGradient id="gh-burst" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff6c9" />
          <stop offset="0.6" stopColor="#ffc93c" />
          <stop offset="1" stopColor="#ff8a00" />
        </radialGradient>
        <linearGradient id="gh-a" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff9aa8" />
          <stop offset="1" stopColor="#e0264a" />
        </linearGradient>
        <linearGradient id="gh-k" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#9ec5ff" />
          <stop offset="1" stopColor="#2f62e8" />
        </linearGradient>
        <linearGradient id="gh-q" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#a7f3c4" />
          <stop offset="1" stopColor="#14a35b" />
        </linearGradient>
        <linearGradient id="gh-j" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffd29a" />
          <stop offset="1" stopColor="#ee7a12" />
        </linearGradient>
      </defs>
    </svg>
  );
}

const letter = (ch: string, fill: string) => (
  <text x="50" y="72" textAnchor="middle" fontSize="64" fontWeight="900" fontFamily="Georgia, 'Times New Roman', serif" fill={`url(#${fill})`} stroke="#fff" strokeOpacity="0.55" strokeWidth="2">
    {ch}
  </text>
);

const ART: Record<SymbolName, ReactNode> = {
  WILD: (
    <>
      <rect x="8" y="20" width="84" height="60" rx="14" fill="url(#gh-wild)" stroke="url(#gh-gold)" strokeWidth="4" />
      <text x="50" y="60" textAnchor="middle" fontSize="27" fontWeight="900" fontFamily="system-ui, sans-serif" fill="#fff" stroke="#5b0a3c" strokeWidth="1.2" letterSpacing="1">
        WILD
      </text>
    </>
  ),
  SCATTER: (
    <>
      <path
        d="M50 6 L59 33 L86 22 L70 46 L94 58 L66 62 L72 90 L50 72 L28 90 L34 62 L6 58 L30 46 L14 22 L41 33 Z"
        fill="url(#gh-burst)"
        stroke="#b35800"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="52" r="15" fill="#c4122f" stroke="#fff1b0" strokeWidth="2.5" />
      <path d="M50 42 l3 7 7 .6 -5.4 4.6 1.8 7 -6.4-3.8 -6.4 3.8 1.8-7 -5.4-4.6 7-.6z" fill="#fff1b0" />
    </>
  ),
  DIAMOND: (
    <>
      <path d="M18 38 L34 16 H66 L82 38 L50 88 Z" fill="url(#gh-gem)" stroke="#e9feff" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M18 38 H82 M34 16 L42 38 L50 88 L58 38 L66 16 M42 38 L50 16 L58 38" fill="none" stroke="#e9feff" strokeOpacity="0.75" strokeWidth="1.8" strokeLinejoin="round" />
    </>
  ),
  SEVEN: (
    <path d="M22 16 H80 V30 L52 88 H33 L60 33 H22 Z" fill="url(#gh-red)" stroke="url(#gh-gold)" strokeWidth="4" strokeLinejoin="round" />
  ),
  BELL: (
    <>
      <circle cx="50" cy="14" r="6" fill="url(#gh-gold)" stroke="#8a5a00" strokeWidth="2" />
      <path d="M50 18 C33 18 27 33 27 48 V62 L17 74 H83 L73 62 V48 C73 33 67 18 50 18 Z" fill="url(#gh-gold)" stroke="#8a5a00" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M36 36 C38 28 43 25 47 24" fill="none" stroke="#fffbe0" strokeWidth="3" strokeLinecap="round" opacity="0.8" />
      <circle cx="50" cy="80" r="8" fill="#c98a12" stroke="#8a5a00" strokeWidth="2" />
    </>
  ),
  BAR: (
    <>
      <rect x="10" y="30" width="80" height="40" rx="8" fill="#14122e" stroke="url(#gh-gold)" strokeWidth="4" />
      <text x="50" y="60" textAnchor="middle" fontSize="27" fontWeight="900" fontFamily="system-ui, sans-serif" fill="url(#gh-gold)" letterSpacing="2">
        BAR
      </text>
    </>
  ),
  A: letter('A', 'gh-a'),
  K: letter('K', 'gh-k'),
  Q: letter('Q', 'gh-q'),
  J: letter('J', 'gh-j'),
};

export function SlotSymbol({ name, size }: { name: SymbolName; size?: number }) {
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} className="slot-symbol" role="img" aria-label={name}>
      {ART[name] ?? null}
    </svg>
  );
}
