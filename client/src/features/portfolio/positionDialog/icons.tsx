/** The position dialog's icons beyond the shared set. */
import { lineIcon as line } from '../../../components/ui/icons';

export {
  ArrowRightIcon,
  BriefcasePlusIcon,
  CalendarIcon,
  PlusIcon,
  TrashIcon,
} from '../../../components/ui/icons';

export const ChevronLeftIcon = line(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = line(<path d="m9 18 6-6-6-6" />);
export const CheckIcon = line(<path d="M20 6 9 17l-5-5" />);
