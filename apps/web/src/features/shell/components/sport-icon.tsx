import type { ComponentType } from 'react';
import { BallIcon, GamepadIcon, type IconProps, Svg } from './icons';

const CricketIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14.5 3.5l3 3-9.5 9.5-3-3zM6.5 14.5L3 18l3 3 3.5-3.5" />
    <circle cx="18" cy="17" r="2.5" />
  </Svg>
);
const FootballIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5l4 2.9-1.5 4.6h-5L8 10.4zM12 3v4.5M16 10.4l4.4-1.6M14.5 15l2.7 3.9M9.5 15l-2.7 3.9M8 10.4L3.6 8.8" />
  </Svg>
);
const TennisIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6a9 9 0 0 1 0 12.8M18.4 5.6a9 9 0 0 0 0 12.8" />
  </Svg>
);
const HorseshoeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 20v-7a6 6 0 0 1 12 0v7M4 20h4M16 20h4" />
    <path d="M8 9h.01M16 9h.01M7 13h.01M17 13h.01" />
  </Svg>
);
const BasketballIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3v18M5.6 5.6c2.4 2.4 2.4 10.4 0 12.8M18.4 5.6c-2.4 2.4-2.4 10.4 0 12.8" />
  </Svg>
);
const GolfIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 20V3l8 4-8 4" />
    <ellipse cx="9" cy="20" rx="5" ry="1.5" />
  </Svg>
);
const BallotIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="10" width="16" height="10" rx="2" />
    <path d="M9 10V4h6v6M10.5 7l1.2 1.2L14 6" />
  </Svg>
);
const TargetIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </Svg>
);

/** Recognisable icons for the common sports; a generic ball for the rest. */
const ICONS: Record<number, ComponentType<IconProps>> = {
  4: CricketIcon,
  [-17]: CricketIcon,
  1: FootballIcon,
  2: TennisIcon,
  7: HorseshoeIcon,
  4339: HorseshoeIcon,
  7522: BasketballIcon,
  27454571: GamepadIcon,
  [-5]: BallotIcon,
  3: GolfIcon,
  3503: TargetIcon,
};

export function SportIcon({ sportId, size = 20 }: { sportId: number; size?: number }) {
  const Icon = ICONS[sportId] ?? BallIcon;
  return <Icon size={size} />;
}
