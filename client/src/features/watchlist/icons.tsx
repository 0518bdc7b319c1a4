/** The watchlist's icons beyond the shared set. */
import { lineIcon as line } from '../../components/ui/icons';

export const MoreIcon = line(
  <>
    <circle cx="12" cy="5" r="1" fill="currentColor" />
    <circle cx="12" cy="12" r="1" fill="currentColor" />
    <circle cx="12" cy="19" r="1" fill="currentColor" />
  </>,
);
export const StarIcon = line(
  <path d="m12 2.8 2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z" />,
);
export const TrashIcon = line(<path d="M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const BriefcaseIcon = line(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
);
export const ChartIcon = line(<path d="M3 3v18h18M7 15l4-4 3 3 6-7" />);
export const ExternalIcon = line(<path d="M7 17 17 7M9 7h8v8" />);
export const CalendarIcon = line(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </>,
);
