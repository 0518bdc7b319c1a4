import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: string | number };

/** The home dashboard's line icons, drawn like components/ui/icons: 24×24 strokes in currentColor, 1em. */
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

export const ScannerIcon = line(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6M11 8v6" />
  </>,
);
export const BriefcaseIcon = line(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
);
export const RatingsIcon = line(
  <>
    <path d="M4 19V9m6 10V5m6 14v-7m6 7H2" />
  </>,
);
export const ArrowRightIcon = line(<path d="M5 12h14m-6-6 6 6-6 6" />);
export const SparkIcon = line(<path d="m3 17 6-6 4 4 8-8M15 7h6v6" />);
