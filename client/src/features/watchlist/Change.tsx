import { Text, type TextProps } from '@chakra-ui/react';
import { formatSignedPercent, toneColor, toneOf } from './format';

/** A signed percent painted by its direction: green up, red down, muted flat or unknown. */
export function Change({ value, ...props }: { value: number | null | undefined } & TextProps) {
  return (
    <Text
      as="span"
      color={toneColor[toneOf(value)]}
      fontWeight="semibold"
      fontVariantNumeric="tabular-nums"
      whiteSpace="nowrap"
      {...props}
    >
      {formatSignedPercent(value)}
    </Text>
  );
}
