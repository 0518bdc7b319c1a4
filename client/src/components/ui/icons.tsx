import { Icon, type IconProps } from '@chakra-ui/react';

/** The handful of line icons the shell needs, drawn inline (24×24, currentColor). */
function line(paths: React.ReactNode) {
  return function LineIcon(props: IconProps) {
    return (
      <Icon viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden {...props}>
        <svg>{paths}</svg>
      </Icon>
    );
  };
}

export const SearchIcon = line(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const ChevronDownIcon = line(<path d="m6 9 6 6 6-6" />);
export const UserIcon = line(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const LockIcon = line(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const ClockIcon = line(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const MailIcon = line(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const CheckCircleIcon = line(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
export const ArrowLeftIcon = line(<path d="M19 12H5m6-6-6 6 6 6" />);
