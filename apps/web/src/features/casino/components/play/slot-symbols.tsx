import type { SlotCode } from '@app/shared';
import type { ReactNode } from 'react';

/**
 * Slot symbols drawn as SVG (docs/casino.md "Slots"): the same on every phone. System emoji showed
 * as empty boxes on phones without an emoji font and differently on every other. Card ranks and
 * the 7 and BAR are letters, which every font has; the rest are drawn. Each symbol has a name in
 * the player's language (`slots.symbols.*`) for the reels' label and the win lines.
 */
export type SymbolArt =
  | 'seven'
  | 'bar'
  | 'bell'
  | 'orange'
  | 'lemon'
  | 'cherry'
  | 'tiger'
  | 'peacock'
  | 'elephant'
  | 'ace'
  | 'king'
  | 'queen'
  | 'jack'
  | 'ten'
  | 'diamond'
  | 'mango'
  | 'lotus'
  | 'rocket'
  | 'ring'
  | 'moon'
  | 'star';

const CARDS = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten' } as const;

/** Which art each slot's symbol letters stand for. */
export const SLOT_SYMBOL_ART: Record<SlotCode, Record<string, SymbolArt>> = {
  'classic-sevens': { '7': 'seven', B: 'bar', W: 'bell', O: 'orange', L: 'lemon', C: 'cherry' },
  'temple-twenty': { G: 'tiger', P: 'peacock', E: 'elephant', ...CARDS },
  'lotus-ways': { D: 'diamond', M: 'mango', L: 'lotus', A: 'ace', K: 'king', Q: 'queen', J: 'jack' },
  'star-spins': { V: 'rocket', R: 'ring', M: 'moon', S: 'star', ...CARDS },
};

const letter = (text: string, fill: string, size = 40) => (
  <text
    x="32"
    y="33"
    textAnchor="middle"
    dominantBaseline="central"
    fontSize={size}
    fontWeight="800"
    fill={fill}
    fontFamily="sans-serif"
  >
    {text}
  </text>
);

const DRAWINGS: Record<SymbolArt, ReactNode> = {
  seven: letter('7', '#e0312b', 48),
  bar: (
    <>
      <rect x="6" y="20" width="52" height="24" rx="4" fill="#1d1d1f" stroke="#f5c542" strokeWidth="3" />
      {letter('BAR', '#f5c542', 18)}
    </>
  ),
  bell: (
    <>
      <path d="M32 8c-11 0-17 9-17 20v10l-6 8h46l-6-8V28c0-11-6-20-17-20z" fill="#f5b700" stroke="#a86e00" strokeWidth="2" />
      <circle cx="32" cy="52" r="5" fill="#a86e00" />
      <rect x="29" y="4" width="6" height="6" rx="2" fill="#a86e00" />
    </>
  ),
  orange: (
    <>
      <circle cx="32" cy="35" r="21" fill="#f7901e" stroke="#c0630a" strokeWidth="2" />
      <path d="M32 14c2-6 9-9 15-7-2 6-8 9-15 7z" fill="#3a9a3a" />
      <circle cx="25" cy="29" r="2" fill="#ffc27a" />
    </>
  ),
  lemon: (
    <>
      <path d="M8 34c4-13 15-20 24-20s20 7 24 20c-4 13-15 18-24 18S12 47 8 34z" fill="#f7e23b" stroke="#c7a90d" strokeWidth="2" />
      <path d="M52 26l6-5M12 42l-5 5" stroke="#c7a90d" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  cherry: (
    <>
      <path
        d="M22 40C24 26 30 16 44 8M42 42C40 28 40 18 44 8"
        fill="none"
        stroke="#3a7d2a"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M44 8c6 0 11 3 12 8-6 1-11-2-12-8z" fill="#3a9a3a" />
      <circle cx="21" cy="45" r="12" fill="#d11f3a" />
      <circle cx="43" cy="46" r="12" fill="#b0122c" />
      <circle cx="17" cy="41" r="3" fill="#ff8a9a" />
      <circle cx="39" cy="42" r="3" fill="#ff8a9a" />
    </>
  ),
  tiger: (
    <>
      <circle cx="16" cy="16" r="7" fill="#e8850c" />
      <circle cx="48" cy="16" r="7" fill="#e8850c" />
      <circle cx="32" cy="35" r="23" fill="#f39a1e" />
      <path
        d="M32 12v10M20 16l4 8M44 16l-4 8M10 32h9M45 32h9M12 42l8-2M52 42l-8-2"
        stroke="#2a1a0a"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <ellipse cx="32" cy="46" rx="11" ry="8" fill="#fff3e0" />
      <circle cx="24" cy="33" r="3" fill="#2a1a0a" />
      <circle cx="40" cy="33" r="3" fill="#2a1a0a" />
      <path d="M28 42h8l-4 4z" fill="#2a1a0a" />
    </>
  ),
  peacock: (
    <>
      {[-60, -30, 0, 30, 60].map((angle) => (
        <g key={angle} transform={`rotate(${angle} 32 50)`}>
          <ellipse cx="32" cy="22" rx="7" ry="16" fill="#1f8a70" />
          <circle cx="32" cy="14" r="5" fill="#1c4fb8" />
          <circle cx="32" cy="14" r="2" fill="#f5c542" />
        </g>
      ))}
      <ellipse cx="32" cy="48" rx="6" ry="10" fill="#1c4fb8" />
      <circle cx="32" cy="36" r="4" fill="#1c4fb8" />
    </>
  ),
  elephant: (
    <>
      <ellipse cx="14" cy="30" rx="10" ry="14" fill="#8a94a6" />
      <ellipse cx="50" cy="30" rx="10" ry="14" fill="#8a94a6" />
      <circle cx="32" cy="28" r="16" fill="#a4adbd" />
      <path d="M28 38c0 10 0 16 6 20 4 2 6-1 4-3-4-3-2-10-2-17z" fill="#a4adbd" />
      <circle cx="25" cy="26" r="2.5" fill="#1d1d1f" />
      <circle cx="39" cy="26" r="2.5" fill="#1d1d1f" />
      <path d="M22 40l-4 6M42 40l4 6" stroke="#fffbe8" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  ace: letter('A', '#c81e3a'),
  king: letter('K', '#1c4fb8'),
  queen: letter('Q', '#7a2bb8'),
  jack: letter('J', '#1f8a4a'),
  ten: letter('10', '#c86a0e', 34),
  diamond: (
    <>
      <path d="M12 24l10-12h20l10 12-20 30z" fill="#5fd3f5" stroke="#1b8fb5" strokeWidth="2" strokeLinejoin="round" />
      <path d="M12 24h40M22 12l10 12 10-12M32 24v30M22 24l10 30 10-30" fill="none" stroke="#1b8fb5" strokeWidth="1.5" />
    </>
  ),
  mango: (
    <>
      <path
        d="M34 12c14 2 20 16 16 30-4 12-18 16-28 10C12 46 12 32 18 22c4-6 9-10 16-10z"
        fill="#f7b32b"
        stroke="#d0761a"
        strokeWidth="2"
      />
      <path d="M34 12c-2-4 0-8 4-8M36 10c6-6 14-4 16 0-6 4-12 4-16 0z" fill="#3a9a3a" stroke="#2a7a2a" strokeWidth="1.5" />
      <ellipse cx="26" cy="30" rx="4" ry="7" fill="#ffd77a" />
    </>
  ),
  lotus: (
    <>
      {[-70, -35, 0, 35, 70].map((angle) => (
        <ellipse
          key={angle}
          cx="32"
          cy="26"
          rx="7"
          ry="16"
          fill="#f07aa8"
          stroke="#c2447a"
          strokeWidth="1.5"
          transform={`rotate(${angle} 32 42)`}
        />
      ))}
      <path d="M10 48c8 6 36 6 44 0" fill="none" stroke="#2a8a5a" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  rocket: (
    <>
      <path d="M32 4c10 8 14 20 12 34H20C18 24 22 12 32 4z" fill="#e8ecf3" stroke="#5a6478" strokeWidth="2" />
      <circle cx="32" cy="22" r="5" fill="#3a8ef0" stroke="#5a6478" strokeWidth="2" />
      <path d="M20 30l-8 12h10zM44 30l8 12H42z" fill="#e0312b" />
      <path d="M25 40h14l-3 8h-8z" fill="#5a6478" />
      <path d="M28 48c0 6 4 10 4 12 0-2 4-6 4-12z" fill="#f7901e" />
    </>
  ),
  ring: (
    <>
      <circle cx="32" cy="40" r="16" fill="none" stroke="#e0a818" strokeWidth="6" />
      <path d="M24 16l8-10 8 10-8 10z" fill="#9fe7ff" stroke="#1b8fb5" strokeWidth="2" strokeLinejoin="round" />
    </>
  ),
  moon: <path d="M40 8A25 25 0 1 0 56 46 20 20 0 1 1 40 8z" fill="#f5d76e" stroke="#c9a227" strokeWidth="2" />,
  star: (
    <path
      d="M32 5l8 17 19 2-14 13 4 19-17-10-17 10 4-19L5 24l19-2z"
      fill="#f5c542"
      stroke="#c48a0a"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
};

/** One symbol's drawing, decorative: its name is said by the reels' label. */
export function SlotSymbol({ art }: { art: SymbolArt | undefined }) {
  if (!art) return null;
  return (
    <svg className="slot-symbol" viewBox="0 0 64 64" aria-hidden="true" focusable="false" data-art={art}>
      {DRAWINGS[art]}
    </svg>
  );
}
