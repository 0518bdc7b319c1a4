import { motion, useReducedMotion } from 'motion/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

const tint = { up: 'rgba(22, 163, 74, 0.28)', down: 'rgba(220, 38, 38, 0.26)' } as const;

/**
 * A live figure that flashes green when its value ticks up and red when it ticks down, for a moment
 * (spec design card: motion that tells the trader something). Nothing under prefers-reduced-motion.
 */
export function Flash({ value, children }: { value: number | null | undefined; children: ReactNode }) {
  const reduce = useReducedMotion();
  const previous = useRef(value);
  const [tick, setTick] = useState<{ direction: 'up' | 'down'; n: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === null || before === undefined || value === null || value === undefined || before === value)
      return;
    setTick((current) => ({ direction: value > before ? 'up' : 'down', n: (current?.n ?? 0) + 1 }));
  }, [value]);
  if (reduce || tick === null) return <span data-flash="">{children}</span>;
  return (
    <motion.span
      key={tick.n}
      data-flash={tick.direction}
      initial={{ backgroundColor: tint[tick.direction] }}
      animate={{ backgroundColor: 'rgba(0, 0, 0, 0)' }}
      transition={{ duration: 1.2, ease: 'easeOut' }}
      style={{ borderRadius: 4, padding: '0 2px', margin: '0 -2px' }}
    >
      {children}
    </motion.span>
  );
}
