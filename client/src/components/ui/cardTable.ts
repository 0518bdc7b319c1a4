import { useLayoutEffect, type RefObject } from 'react';

/**
 * A table that becomes a readable card list on a phone (below `md`): the header row is hidden, each
 * row is a card, and each cell shows its column's name before its value (`data-label`, set by
 * `useCardTableLabels` from the header). From `md` up it is the ordinary table.
 */
export const cardTableCss = {
  '@media screen and (max-width: 47.99em)': {
    '& thead': { display: 'none' },
    '& table, & tbody': { display: 'block', width: '100%' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: '1fr 1fr',
      columnGap: '3',
      rowGap: '1',
      padding: '3',
      borderBottomWidth: '1px',
      borderColor: 'border',
    },
    '& td': {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      textAlign: 'start !important',
      border: 'none',
      padding: '0 !important',
      minWidth: 0,
      whiteSpace: 'normal',
    },
    // A cell's content keeps to its half of the card, so a truncated text ends in an ellipsis there
    // instead of running under the next cell (the column's content otherwise sizes to its text).
    '& td > *': { maxWidth: '100%' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      fontSize: 'xs',
      color: 'fg.muted',
      fontWeight: 'medium',
    },
    // The cells whose header is empty (selection, actions) and the first named one span the card.
    '& td[data-card-wide]': { gridColumn: '1 / -1' },
  },
} as const;

/** Copies each column's header text to its cells as `data-label` (for the phone's card layout). */
export function useCardTableLabels(ref: RefObject<HTMLElement | null>, deps: readonly unknown[]) {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const headers = [...root.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    const firstNamed = headers.findIndex((text) => text !== '' && text !== 'Actions');
    for (const row of root.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, index) => {
        const label = headers[index] ?? '';
        if (label !== '' && label !== 'Actions' && index !== firstNamed)
          cell.setAttribute('data-label', label);
        else cell.removeAttribute('data-label');
        if (label === '' || label === 'Actions' || index === firstNamed)
          cell.setAttribute('data-card-wide', '');
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
