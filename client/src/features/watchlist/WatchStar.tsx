import { IconButton } from '@chakra-ui/react';
import { useAtomValue } from '../../app/store';
import { followedSymbolsAtom, normalizeSymbol } from './atoms';
import { useWatchToggle } from './useWatchToggle';

export interface WatchStarProps {
  symbol: string;
  size?: '2xs' | 'xs' | 'sm' | 'md' | 'lg';
}

/** Gold for a followed symbol, as finance apps mark favourites. */
const followedColor = '#F5B400';

/**
 * The watchlist star (spec 000 §2, §4 "Watchlist toggle"): a toggle button that flips the moment
 * it is pressed and then syncs; a refusal flips it back and says why in a toast.
 */
export function WatchStar({ symbol, size = 'sm' }: WatchStarProps) {
  const followed = useAtomValue(followedSymbolsAtom).has(normalizeSymbol(symbol));
  const toggle = useWatchToggle();
  const label = followed ? 'Remove from Watchlist' : 'Add to Watchlist';
  return (
    <IconButton
      aria-label={label}
      aria-pressed={followed}
      title={label}
      size={size}
      variant="ghost"
      rounded="full"
      color={followed ? followedColor : 'fg.muted'}
      _hover={{ color: followedColor, bg: 'bg.muted' }}
      onClick={(event) => {
        // Stars sit inside clickable cards and rows: the click is the star's alone.
        event.stopPropagation();
        event.preventDefault();
        toggle(symbol);
      }}
    >
      <StarShape filled={followed} />
    </IconButton>
  );
}

function StarShape({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.1em"
      height="1.1em"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d="m12 2.8 2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z" />
    </svg>
  );
}
