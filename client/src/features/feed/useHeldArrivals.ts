import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type RefObject } from 'react';
import type { FeedAlert } from './atoms';

/** How far the list's top may scroll above the window before the reader counts as reading down it. */
const scrolledDownBy = 24;
/** How long an arrival is marked fresh (its card's slide-in and glow). */
export const freshGlowMs = 3_000;

export interface HeldArrivals {
  /** The alerts the reader sees: all but the held arrivals. */
  visible: readonly FeedAlert[];
  /** Arrivals passing the filters that wait behind the 'N new alerts' pill. */
  heldCount: number;
  /** Arrivals revealed a moment ago, to animate in. */
  freshIds: ReadonlySet<number>;
  /** Shows the held arrivals. */
  reveal: () => void;
  /** Spread on the list's container: it tells when the reader is in the list. */
  containerProps: {
    onPointerEnter: () => void;
    onPointerLeave: () => void;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * Nothing moves under the reader: new alerts slide in at the top at once while the reader is not
 * in the list, and wait behind a pill while they are — the pointer over the list, keyboard focus in
 * it, or the list scrolled up past the window's top. They come in by themselves once the reader
 * leaves, or when the pill is pressed. What was there at the first snapshot (or a profile switch) is
 * simply shown.
 */
export function useHeldArrivals(
  /** Every current alert, filtered or not: what the reader has been shown is tracked over these. */
  alerts: readonly FeedAlert[] | null,
  /** The alerts passing the filters, the ones the list shows. */
  shown: readonly FeedAlert[] | null,
  profileId: number | null,
  listRef: RefObject<HTMLElement | null>,
): HeldArrivals {
  const [seen, setSeen] = useState<{ profileId: number | null; ids: ReadonlySet<number> } | null>(null);
  const [freshIds, setFreshIds] = useState<ReadonlySet<number>>(() => new Set());
  const [pointerInside, setPointerInside] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const scrolledDown = useScrolledPast(listRef);
  const readerInside = pointerInside || keyboardInside || scrolledDown;

  const known = seen !== null && seen.profileId === profileId ? seen.ids : null;
  // Arrivals come in at the top, above what was seen; alerts after it are older pages loaded by
  // scrolling, shown at once at the end.
  const arrivals = useMemo(() => {
    if (alerts === null || known === null) return [];
    const firstSeen = alerts.findIndex((alert) => known.has(alert.id));
    return (firstSeen < 0 ? alerts : alerts.slice(0, firstSeen)).filter((alert) => !known.has(alert.id));
  }, [alerts, known]);

  const reveal = useCallback(() => {
    if (alerts === null) return;
    const ids = new Set(alerts.map((alert) => alert.id));
    setSeen({ profileId, ids });
    setFreshIds(new Set(arrivals.map((alert) => alert.id)));
  }, [alerts, arrivals, profileId]);

  // The first snapshot, and a new profile's, are shown as they are.
  useEffect(() => {
    if (alerts !== null && known === null) {
      setSeen({ profileId, ids: new Set(alerts.map((alert) => alert.id)) });
      setFreshIds(new Set());
    }
  }, [alerts, known, profileId]);

  // The glow of an arrival fades; cleared, it does not play again when its card is drawn anew.
  useEffect(() => {
    if (freshIds.size === 0) return;
    const timer = setTimeout(() => setFreshIds(new Set()), freshGlowMs);
    return () => clearTimeout(timer);
  }, [freshIds]);

  // Arrivals come in by themselves while the reader is elsewhere.
  useEffect(() => {
    if (arrivals.length > 0 && !readerInside) reveal();
  }, [arrivals, readerInside, reveal]);

  const visible = useMemo(() => {
    if (shown === null || known === null) return [];
    const held = new Set(arrivals.map((alert) => alert.id));
    return shown.filter((alert) => !held.has(alert.id));
  }, [shown, known, arrivals]);
  const heldCount = shown === null || known === null ? 0 : shown.length - visible.length;

  return {
    visible,
    heldCount,
    freshIds,
    reveal,
    containerProps: {
      onPointerEnter: () => setPointerInside(true),
      onPointerLeave: () => setPointerInside(false),
      onFocus: (event) => {
        // Keyboard focus only: a mouse click leaves focus behind on a button the pointer has left.
        if (event.target.matches(':focus-visible')) setKeyboardInside(true);
      },
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardInside(false);
      },
    },
  };
}

/** Whether the element's top has scrolled up past the top of the window. */
function useScrolledPast(ref: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  const frame = useRef(0);
  useEffect(() => {
    const measure = () => {
      frame.current = 0;
      const top = ref.current?.getBoundingClientRect().top;
      setPast(top !== undefined && top < -scrolledDownBy);
    };
    const onScroll = () => {
      if (frame.current === 0) frame.current = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame.current);
    };
  }, [ref]);
  return past;
}
