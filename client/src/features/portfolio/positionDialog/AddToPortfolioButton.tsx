import { IconButton } from '@chakra-ui/react';
import { can } from '@insight/shared';
import { useAtomValue } from '../../../app/store';
import { currentRolesAtom } from '../../auth/atoms';
import { BriefcasePlusIcon } from './icons';
import type { PositionType } from './lines';
import { useAddToPortfolio } from './useAddToPortfolio';

/** An icon button that adds the symbol to the user's portfolio (the stock page's action). */
export function AddToPortfolioButton({ symbol, type }: { symbol: string; type?: PositionType }) {
  const addToPortfolio = useAddToPortfolio();
  const roles = useAtomValue(currentRolesAtom);
  if (!can(roles, 'portfolio.use')) return null;
  const label = `Add ${symbol} to portfolio`;
  return (
    <IconButton
      aria-label={label}
      title={label}
      variant="ghost"
      size="sm"
      color="fg.muted"
      onClick={() => addToPortfolio(symbol, type)}
    >
      <BriefcasePlusIcon />
    </IconButton>
  );
}
