import { Badge } from '@chakra-ui/react';
import { topWarning, warningPalette, type PositionWarning } from './badges';

/** The position's warning badge: the highest colour of its warnings (red > yellow > grey > green). */
export function WarningBadge({ warnings }: { warnings: readonly PositionWarning[] }) {
  const warning = topWarning(warnings);
  if (warning === null) return null;
  const all = warnings.map((each) => each.text).join('; ');
  return (
    <Badge
      size="xs"
      variant="solid"
      colorPalette={warningPalette[warning.colour]}
      title={all}
      aria-label={all}
      data-warning={warning.colour}
    >
      {warning.label}
    </Badge>
  );
}
