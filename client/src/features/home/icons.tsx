/** The home dashboard's icons beyond the shared set. */
import { lineIcon as line } from '../../components/ui/icons';

export { ArrowRightIcon, BriefcaseIcon } from '../../components/ui/icons';

export const ScannerIcon = line(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6M11 8v6" />
  </>,
);
export const RatingsIcon = line(
  <>
    <path d="M4 19V9m6 10V5m6 14v-7m6 7H2" />
  </>,
);
export const SparkIcon = line(<path d="m3 17 6-6 4 4 8-8M15 7h6v6" />);
