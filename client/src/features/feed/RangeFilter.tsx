import { Flex, Slider, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  chosenRange,
  isRangeActive,
  sliderSteps,
  type Range,
  type RangeKey,
} from '@insight/shared/alerts/filter';
import { useId, useState } from 'react';

interface RangeFilterProps {
  filterKey: RangeKey;
  title: string;
  /** The slider's ends: the min and max of the current alerts (the grade's 1 to 7). */
  bounds: Range;
  /** The stored range; an unset one shows as the whole bounds. */
  value: Range;
  /** One end as the reader sees it. */
  format: (value: number) => string;
  /**
   * Market Cap compares ranks, 1 the largest company: the slider runs the other way, so that right is
   * bigger as on every other slider.
   */
  reversed?: boolean;
  onChange: (range: [number, number]) => void;
}

const clamp = (value: number, [low, high]: Range) => Math.min(high, Math.max(low, value));

/** A two-thumb slider over one numeric filter (spec 000 §2, steps of spec 000 §5). */
export function RangeFilter({
  filterKey,
  title,
  bounds,
  value,
  format,
  reversed = false,
  onChange,
}: RangeFilterProps) {
  const [low, high] = bounds;
  const flat = low === high;
  const shown: Range = isRangeActive(filterKey, value)
    ? [clamp(Math.min(...value), bounds), clamp(Math.max(...value), bounds)]
    : bounds;
  // Positions on the slider; reversed, a rank r sits at low + high - r.
  const toPosition = (range: Range): number[] =>
    reversed ? [low + high - range[1], low + high - range[0]] : [range[0], range[1]];
  const fromPosition = (positions: number[]): [number, number] => {
    const [a = low, b = high] = positions;
    return reversed ? [low + high - b, low + high - a] : [a, b];
  };
  const [dragging, setDragging] = useState<number[] | null>(null);
  const id = useId();
  const positions = dragging ?? toPosition(shown);
  const [from, to] = fromPosition(positions);
  const text = flat
    ? low === 0 && filterKey !== 'rate'
      ? 'No values'
      : format(low)
    : reversed
      ? `${format(to)} – ${format(from)}`
      : `${format(from)} – ${format(to)}`;
  const valueAt = (position: number) => format(reversed ? low + high - position : position);

  return (
    <Slider.Root
      min={low}
      max={flat ? low + 1 : high}
      step={sliderSteps[filterKey]}
      value={positions}
      disabled={flat}
      size="sm"
      thumbAlignment="contain"
      aria-labelledby={[`${id}-from`, `${id}-to`]}
      getAriaValueText={({ value: position }) => valueAt(position)}
      onValueChange={({ value: next }) => setDragging(next)}
      onValueChangeEnd={({ value: next }) => {
        setDragging(null);
        onChange(chosenRange(filterKey, fromPosition(next), bounds));
      }}
    >
      <Flex justify="space-between" align="baseline" gap="3" mb="1">
        <Slider.Label fontWeight="medium" fontSize="sm">
          {title}
        </Slider.Label>
        <Text
          fontSize="sm"
          color={isRangeActive(filterKey, value) ? 'brand.fg' : 'fg.muted'}
          fontWeight={isRangeActive(filterKey, value) ? 'semibold' : 'normal'}
          fontVariantNumeric="tabular-nums"
          textAlign="end"
        >
          {text}
        </Text>
      </Flex>
      {/* Each thumb's own name: the label alone would call both of them the same. */}
      <VisuallyHidden id={`${id}-from`}>{title}, from</VisuallyHidden>
      <VisuallyHidden id={`${id}-to`}>{title}, to</VisuallyHidden>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
    </Slider.Root>
  );
}
