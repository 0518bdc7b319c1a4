import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: string | number };

/**
 * Makes a line icon, drawn inline: 24×24 strokes in currentColor, 1em by default. Every feature's
 * icons.tsx draws its own icons with this.
 */
export function lineIcon(paths: ReactNode) {
  return function LineIcon({ size = '1em', ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
        style={{ flexShrink: 0, display: 'inline-block', verticalAlign: 'middle' }}
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const SearchIcon = lineIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const ChevronDownIcon = lineIcon(<path d="m6 9 6 6 6-6" />);
export const UserIcon = lineIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const LockIcon = lineIcon(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const ClockIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const CheckCircleIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
export const ArrowLeftIcon = lineIcon(<path d="M19 12H5m6-6-6 6 6 6" />);
export const PlusIcon = lineIcon(<path d="M12 5v14M5 12h14" />);
export const TrashIcon = lineIcon(<path d="M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const CalendarIcon = lineIcon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </>,
);
export const ArrowRightIcon = lineIcon(<path d="M5 12h14m-6-6 6 6-6 6" />);
export const BriefcasePlusIcon = lineIcon(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
    <path d="M12 11v5m-2.5-2.5h5" />
  </>,
);
export const MoreIcon = lineIcon(
  <>
    <circle cx="12" cy="5" r="1" fill="currentColor" />
    <circle cx="12" cy="12" r="1" fill="currentColor" />
    <circle cx="12" cy="19" r="1" fill="currentColor" />
  </>,
);
export const ChartIcon = lineIcon(<path d="M3 3v18h18M7 15l4-4 3 3 6-7" />);
export const ExternalIcon = lineIcon(<path d="M7 17 17 7M9 7h8v8" />);
export const BriefcaseIcon = lineIcon(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
);
