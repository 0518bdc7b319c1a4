import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: string | number };

/** The portfolio's line icons: 24×24 strokes in currentColor, 1em by default, hidden from readers. */
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
export const WalletIcon = line(
  <>
    <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5" />
    <path d="M17 13h.01" />
  </>,
);
export const DownloadIcon = line(<path d="M12 3v12m-5-5 5 5 5-5M4 21h16" />);
export const ListCheckIcon = line(
  <path d="M11 6h9M11 12h9M11 18h9M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17" />,
);
export const CloseCircleIcon = line(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
);
export const TrashIcon = line(<path d="M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const EditIcon = line(<path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />);
export const MoreIcon = line(
  <>
    <circle cx="12" cy="5" r="1" fill="currentColor" />
    <circle cx="12" cy="12" r="1" fill="currentColor" />
    <circle cx="12" cy="19" r="1" fill="currentColor" />
  </>,
);
export const ChartIcon = line(<path d="M3 3v18h18M7 15l4-4 3 3 6-7" />);
export const ClockIcon = line(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const ExternalIcon = line(<path d="M7 17 17 7M9 7h8v8" />);
export const ResetIcon = line(<path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5" />);
export const BriefcaseIcon = line(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
);
export const ChevronDownIcon = line(<path d="m6 9 6 6 6-6" />);
export const AlertIcon = line(
  <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />,
);
