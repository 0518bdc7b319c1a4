/** The watchlist's icons beyond the shared set. */
import { lineIcon as line } from '../../components/ui/icons';

export {
  BriefcaseIcon,
  CalendarIcon,
  ChartIcon,
  ExternalIcon,
  MoreIcon,
  TrashIcon,
} from '../../components/ui/icons';

export const StarIcon = line(
  <path d="m12 2.8 2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z" />,
);
