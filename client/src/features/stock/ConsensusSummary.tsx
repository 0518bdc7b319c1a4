import { Box, HStack, IconButton, Popover, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { RecommendationsResponse } from '@insight/shared';
import type { ReactNode } from 'react';
import { consensusHalfLifeDays } from '@insight/shared/market/consensus';
import { formatSignedPercent, formatUsd, toneColor, toneOf } from './format';
import { InfoIcon } from './icons';

interface ConsensusSummaryProps {
  answer: RecommendationsResponse;
  /** The live last price, to say how far the target is from it. */
  lastPrice: number | null;
}

/**
 * The consensus of spec 000 §2: the count of buys over the last 3 months, and the recency-weighted
 * target in USD (weighted as shared/market/consensus.ts documents; the info button says how).
 */
export function ConsensusSummary({ answer, lastPrice }: ConsensusSummaryProps) {
  const target = answer.consensus_target;
  const upside =
    target !== null && lastPrice !== null && lastPrice > 0 ? ((target - lastPrice) / lastPrice) * 100 : null;
  return (
    <SimpleGrid columns={2} gap="3">
      <Stat label="Consensus" hint="over the last 3 months">
        <Text as="span" data-testid="consensus-buys">
          {answer.count_buy}
        </Text>{' '}
        <Text as="span" fontSize="md" fontWeight="semibold" color="fg.muted">
          {answer.count_buy === 1 ? 'Buy' : 'Buys'}
        </Text>
      </Stat>
      <Stat
        label={
          <HStack gap="1">
            <span>Weighted target</span>
            <TargetExplanation />
          </HStack>
        }
        hint={
          upside === null ? (
            'no rating in the last 3 months'
          ) : (
            <>
              <Text as="span" color={toneColor[toneOf(upside)]} fontWeight="semibold">
                {formatSignedPercent(upside)}
              </Text>{' '}
              from the last price
            </>
          )
        }
      >
        <Text as="span" data-testid="consensus-target">
          {target === null ? 'N/A' : formatUsd(target)}
        </Text>
      </Stat>
    </SimpleGrid>
  );
}

function Stat({ label, hint, children }: { label: ReactNode; hint: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="0.5" bg="bg.subtle" rounded="lg" px="4" py="3" minW="0">
      <Box
        fontSize="xs"
        fontWeight="semibold"
        color="fg.muted"
        textTransform="uppercase"
        letterSpacing="0.04em"
      >
        {label}
      </Box>
      <Text fontSize="2xl" fontWeight="bold" lineHeight="1.2" fontVariantNumeric="tabular-nums">
        {children}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  );
}

/** A toggle tip rather than a hover tooltip, so that it opens with a tap on a phone too. */
function TargetExplanation() {
  return (
    <Popover.Root positioning={{ placement: 'top' }} size="sm">
      <Popover.Trigger asChild>
        <IconButton
          aria-label="How the weighted target is computed"
          variant="ghost"
          size="2xs"
          minW="5"
          h="5"
          color="fg.muted"
          rounded="full"
        >
          <InfoIcon size={14} />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="72" textTransform="none">
            <Popover.Arrow>
              <Popover.ArrowTip />
            </Popover.Arrow>
            <Popover.Body fontSize="sm" lineHeight="short">
              The average of the targets analysts set in the last 3 months, newer ones counting more: a
              target's weight halves every {consensusHalfLifeDays} days, so one set today counts twice one set
              a month ago. Sell ratings count with their own targets.
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
