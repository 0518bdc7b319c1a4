import { lineIcon } from '../../components/ui/icons';

/** The stock page's icons beyond the shared set. An "i" in a circle. */
export const InfoIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);

/** A warning triangle, for the error view. */
export const AlertIcon = lineIcon(
  <>
    <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);
