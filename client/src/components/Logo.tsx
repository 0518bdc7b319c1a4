import { HStack, Text, type StackProps } from '@chakra-ui/react';

/** The Insight mark: a rising line on the brand green. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#00BA6C" />
      <path
        d="M7 22l6-6 4 4 8-9"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="11" r="2.2" fill="#fff" />
    </svg>
  );
}

/** Mark and wordmark. The link around it (when there is one) carries the accessible name. */
export function Logo({ size = 28, ...props }: { size?: number } & StackProps) {
  return (
    <HStack gap="2" {...props}>
      <LogoMark size={size} />
      <Text
        as="span"
        fontWeight="800"
        fontSize={size >= 36 ? '2xl' : 'xl'}
        letterSpacing="-0.02em"
        color="insight.ink"
      >
        Insight
      </Text>
    </HStack>
  );
}
