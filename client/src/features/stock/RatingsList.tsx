import { Badge, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import type { Recommendation } from '@insight/shared';
import { formatMomentDate, formatUsd, formatSignedPercent, notAvailable } from './format';
import { gradeLabel } from './ratings';

/**
 * The ratings as a table where there is room for its seven columns, and as a list of compact cards
 * on a phone. Each rating carries `data-rating-id` in either form.
 */
export function RatingsList({ ratings }: { ratings: readonly Recommendation[] }) {
  const layout = useBreakpointValue({ base: 'cards', md: 'table' } as const, { ssr: false }) ?? 'cards';
  return layout === 'table' ? <RatingsTable ratings={ratings} /> : <RatingCards ratings={ratings} />;
}

function RatingsTable({ ratings }: { ratings: readonly Recommendation[] }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="Analysts' ratings" interactive>
        <Table.Header>
          <Table.Row bg="transparent">
            <Table.ColumnHeader ps="0">Published</Table.ColumnHeader>
            <Table.ColumnHeader>Analyst</Table.ColumnHeader>
            <Table.ColumnHeader>Rating</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">Grade</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Target</Table.ColumnHeader>
            <Table.ColumnHeader pe="0" textAlign="end">
              Price when posted
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ratings.map((rating) => (
            <Table.Row key={rating.id} data-rating-id={rating.id} data-rating={rating.rating}>
              <Table.Cell ps="0" whiteSpace="nowrap" color="fg.muted" fontVariantNumeric="tabular-nums">
                {formatMomentDate(rating.security_created_timestamp)}
              </Table.Cell>
              <Table.Cell>
                <Text fontWeight="medium" lineHeight="short">
                  {rating.analyst_name}
                </Text>
                <Text fontSize="xs" color="fg.muted" lineHeight="short">
                  {rating.firm}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <RatingBadge rating={rating.rating} />
              </Table.Cell>
              <Table.Cell textAlign="center">
                <GradeBadge grade={rating.grade} />
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                <Text fontWeight="semibold" lineHeight="short">
                  {formatUsd(rating.price_target)}
                </Text>
                <Text fontSize="xs" color="fg.muted" lineHeight="short">
                  {upsideAtPosting(rating)} from posted
                </Text>
              </Table.Cell>
              <Table.Cell pe="0" textAlign="end" fontVariantNumeric="tabular-nums" color="fg.muted">
                {formatUsd(rating.price_when_posted)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function RatingCards({ ratings }: { ratings: readonly Recommendation[] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Analysts' ratings">
      {ratings.map((rating) => (
        <Stack
          as="li"
          key={rating.id}
          data-rating-id={rating.id}
          data-rating={rating.rating}
          gap="1.5"
          borderWidth="1px"
          borderColor="border.muted"
          rounded="lg"
          px="3"
          py="2.5"
        >
          <HStack justify="space-between" gap="2">
            <HStack gap="2" minW="0">
              <RatingBadge rating={rating.rating} />
              <Text fontWeight="semibold" truncate>
                {rating.analyst_name}
              </Text>
            </HStack>
            <GradeBadge grade={rating.grade} />
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {rating.firm} · {formatMomentDate(rating.security_created_timestamp)}
          </Text>
          <HStack justify="space-between" align="flex-end" fontVariantNumeric="tabular-nums">
            <Stack gap="0">
              <Text fontSize="xs" color="fg.muted">
                Target
              </Text>
              <Text fontSize="sm">
                <Text as="span" fontWeight="semibold">
                  {formatUsd(rating.price_target)}
                </Text>
                <Text as="span" fontSize="xs" color="fg.muted" ms="1">
                  ({upsideAtPosting(rating)})
                </Text>
              </Text>
            </Stack>
            <Stack gap="0" textAlign="end">
              <Text fontSize="xs" color="fg.muted">
                Price when posted
              </Text>
              <Text fontSize="sm">{formatUsd(rating.price_when_posted)}</Text>
            </Stack>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}

/** +14.90%: where the analyst saw the price going, from the price when the rating was posted. */
function upsideAtPosting(rating: Recommendation): string {
  if (rating.price_when_posted <= 0) return '';
  return formatSignedPercent(
    ((rating.price_target - rating.price_when_posted) / rating.price_when_posted) * 100,
  );
}

function RatingBadge({ rating }: { rating: Recommendation['rating'] }) {
  return (
    <Badge
      colorPalette={rating === 'buy' ? 'brand' : 'danger'}
      variant="subtle"
      size="sm"
      fontWeight="bold"
      minW="10"
      justifyContent="center"
    >
      {rating === 'buy' ? 'Buy' : 'Sell'}
    </Badge>
  );
}

/** A+ to C+: the A grades in green, the B grades neutral, C+ in orange; N/A without a record. */
function GradeBadge({ grade }: { grade: number | null }) {
  const label = gradeLabel(grade);
  if (label === null) {
    return (
      <Text as="span" fontSize="xs" color="fg.subtle" title="No decided record in this sector yet">
        {notAvailable}
      </Text>
    );
  }
  const palette = grade! >= 4 ? 'brand' : grade! >= 1 ? 'gray' : 'orange';
  return (
    <Badge
      colorPalette={palette}
      variant="outline"
      size="sm"
      fontWeight="bold"
      minW="8"
      justifyContent="center"
    >
      {label}
    </Badge>
  );
}
