import { lineIcon } from '../../components/ui/icons';

export const AlertIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v5m0 3h.01" />
  </>,
);
export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6 6 18" />);
