/** The feed's icons beyond the shared set. */
import { lineIcon as line } from '../../components/ui/icons';

export { BriefcasePlusIcon, CalendarIcon, ChevronDownIcon } from '../../components/ui/icons';

export const FilterIcon = line(<path d="M4 5h16l-6 7.5V19l-4 1.5v-8L4 5Z" />);
export const CloseIcon = line(<path d="M18 6 6 18M6 6l12 12" />);
export const ArrowUpIcon = line(<path d="M12 19V5m-6 6 6-6 6 6" />);
export const RetryIcon = line(
  <>
    <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />
    <path d="M3 21v-5h5" />
  </>,
);
export const TrendUpIcon = line(
  <>
    <path d="m3 17 6-6 4 4 8-8" />
    <path d="M15 7h6v6" />
  </>,
);
export const TrendDownIcon = line(
  <>
    <path d="m3 7 6 6 4-4 8 8" />
    <path d="M15 17h6v-6" />
  </>,
);
export const TargetIcon = line(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);
export const GaugeDownIcon = line(
  <>
    <path d="M3 12a9 9 0 1 1 18 0" />
    <path d="m12 12 4 3" />
  </>,
);
export const InboxIcon = line(
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1Z" />
  </>,
);
