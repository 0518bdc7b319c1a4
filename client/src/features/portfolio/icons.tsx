/** The portfolio's icons beyond the shared set. */
import { lineIcon as line } from '../../components/ui/icons';

export {
  BriefcaseIcon,
  ChartIcon,
  ChevronDownIcon,
  ClockIcon,
  ExternalIcon,
  MoreIcon,
  PlusIcon,
  TrashIcon,
} from '../../components/ui/icons';

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
export const EditIcon = line(<path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />);
export const ResetIcon = line(<path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5" />);
export const AlertIcon = line(
  <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />,
);
