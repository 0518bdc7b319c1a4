import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: string | number };

/** The position dialog's line icons, drawn like components/ui/icons: 24×24 strokes in currentColor, 1em. */
function line(paths: ReactNode) {
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

export const PlusIcon = line(<path d="M12 5v14M5 12h14" />);
export const TrashIcon = line(<path d="M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const CalendarIcon = line(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </>,
);
export const ChevronLeftIcon = line(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = line(<path d="m9 18 6-6-6-6" />);
export const ArrowRightIcon = line(<path d="M5 12h14m-6-6 6 6-6 6" />);
export const CheckIcon = line(<path d="M20 6 9 17l-5-5" />);
export const BriefcasePlusIcon = line(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
    <path d="M12 11v5m-2.5-2.5h5" />
  </>,
);
