import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useAddToPortfolio } from '../portfolio/positionDialog/useAddToPortfolio';
import { BriefcaseIcon, ChartIcon, ExternalIcon, MoreIcon, TrashIcon } from './icons';
import { useWatchToggle } from './useWatchToggle';

/** Spec 001 §2 "Watchlist page": each row's menu. */
export function RowMenu({ symbol, onCompare }: { symbol: string; onCompare: () => void }) {
  const toggle = useWatchToggle();
  const addToPortfolio = useAddToPortfolio();
  const select = (value: string) => {
    switch (value) {
      case 'remove':
        toggle(symbol, false);
        return;
      case 'portfolio':
        // The position dialog preset with the symbol, or the new-file state when there is no file.
        addToPortfolio(symbol);
        return;
      case 'compare':
        onCompare();
        return;
    }
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => select(details.value)}>
      <Menu.Trigger asChild>
        <IconButton aria-label={`Actions for ${symbol}`} variant="ghost" size="sm" rounded="full">
          <MoreIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.Item value="compare">
              <ChartIcon />
              Compare to Benchmark
            </Menu.Item>
            <Menu.Item value="portfolio">
              <BriefcaseIcon />
              Add to portfolio
            </Menu.Item>
            <Menu.Item value="page" asChild>
              <RouterLink to={`/stock/${encodeURIComponent(symbol)}`}>
                <ExternalIcon />
                Symbol&apos;s Page
              </RouterLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="remove" color="danger.fg" _highlighted={{ bg: 'danger.subtle' }}>
              <TrashIcon />
              Remove from Watchlist
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
