import { Badge, Box, Button, Flex, Heading, Progress, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { sectorDisplayName, type PreviewResponse } from '@insight/shared';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/request';
import { profileCalls } from '../api';
import { useDebounced } from '../debounce';
import { countableValues, type DraftScreener } from '../draft';

/** The preview waits for a longer pause than the counts: it reads three months of ratings. */
export const previewDelayMs = 700;
const shownStep = 15;

type PreviewState =
  | { kind: 'idle' }
  | { kind: 'loading'; last: PreviewResponse | null }
  | { kind: 'ready'; preview: PreviewResponse }
  | { kind: 'failed'; message: string };

interface PreviewPanelProps {
  sectors: { id: number; sector_ref_id: number; name: string }[];
  drafts: Readonly<Record<number, readonly DraftScreener[]>>;
}

/**
 * "What this profile would have sent you": the alerts the profile as edited (saved or not) would
 * have produced over the last 3 months, with their count per sector, asked again as filters change.
 */
export function PreviewPanel({ sectors, drafts }: PreviewPanelProps) {
  const body = useMemo(
    () =>
      JSON.stringify(
        sectors.map((s) => ({
          sector_ref_id: s.sector_ref_id,
          screeners: countableValues(drafts[s.id] ?? []),
        })),
      ),
    [sectors, drafts],
  );
  const settled = useDebounced(body, previewDelayMs);
  const [state, setState] = useState<PreviewState>({ kind: 'idle' });
  const [shown, setShown] = useState(shownStep);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const request = JSON.parse(settled) as Parameters<typeof profileCalls.preview>[0];
    if (request.length === 0) {
      setState({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({
      kind: 'loading',
      last: s.kind === 'ready' ? s.preview : s.kind === 'loading' ? s.last : null,
    }));
    profileCalls.preview(request, controller.signal).then(
      (preview) => {
        setState({ kind: 'ready', preview });
        setShown(shownStep);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'failed', message: errorMessage(error, 'Could not build the preview.') });
      },
    );
    return () => controller.abort();
  }, [settled, generation]);

  const preview = state.kind === 'ready' ? state.preview : state.kind === 'loading' ? state.last : null;
  const stale = state.kind === 'loading' || body !== settled;
  const most = Math.max(1, ...(preview?.sectors.map((s) => s.count) ?? [1]));

  return (
    <Stack
      as="section"
      aria-labelledby="preview-title"
      aria-busy={stale}
      gap="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '4', md: '5' }}
      minW="0"
    >
      <Flex justify="space-between" align="start" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h2" size="lg" id="preview-title">
            What this profile would have sent you
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            The alerts these filters, saved or not, would have produced over the last {preview?.months ?? 3}{' '}
            months.
          </Text>
        </Box>
        {preview && (
          <Badge size="lg" colorPalette="brand" variant="solid" data-testid="preview-total">
            {preview.total.toLocaleString('en-US')} {preview.total === 1 ? 'alert' : 'alerts'}
            {stale ? '…' : ''}
          </Badge>
        )}
      </Flex>

      {state.kind === 'idle' && (
        <Text color="fg.muted">Add a sector to see what the profile would send.</Text>
      )}
      {state.kind === 'failed' && (
        <Flex align="center" gap="3" wrap="wrap">
          <Text color="fg.error">{state.message}</Text>
          <Button size="xs" variant="outline" onClick={() => setGeneration((n) => n + 1)}>
            Try again
          </Button>
        </Flex>
      )}
      {preview === null && state.kind === 'loading' && (
        <Stack gap="2" aria-label="Building the preview">
          <Skeleton h="5" />
          <Skeleton h="5" />
          <Skeleton h="24" />
        </Stack>
      )}

      {preview && (
        <Stack gap="4" opacity={stale ? 0.6 : 1} transition="opacity 0.2s">
          <Stack as="ul" listStyleType="none" gap="2" aria-label="Alerts per sector">
            {preview.sectors.map((sector) => (
              <Box as="li" key={sector.sector_ref_id} data-testid="preview-sector">
                <Flex justify="space-between" fontSize="sm" gap="2">
                  <Text fontWeight="medium" truncate>
                    {sectorDisplayName(sector.name)}
                  </Text>
                  <Text color="fg.muted" flexShrink={0}>
                    <Text as="span" fontWeight="semibold" color="fg">
                      {sector.count}
                    </Text>{' '}
                    {sector.count === 1 ? 'alert' : 'alerts'} · {sector.passing} stocks · {sector.team_size}{' '}
                    analysts
                  </Text>
                </Flex>
                <Progress.Root
                  value={(sector.count / most) * 100}
                  size="xs"
                  colorPalette="brand"
                  mt="1"
                  aria-label={`${sector.name}: ${sector.count} alerts`}
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Box>
            ))}
          </Stack>

          {preview.alerts.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              No analyst of these sectors’ teams rated a stock that passes these filters in the last{' '}
              {preview.months} months.
            </Text>
          ) : (
            <Box overflowX="auto" mx={{ base: '-4', md: '0' }}>
              <Table.Root size="sm" aria-label="Alerts the profile would have sent">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Date</Table.ColumnHeader>
                    <Table.ColumnHeader>Type</Table.ColumnHeader>
                    <Table.ColumnHeader>Ticker</Table.ColumnHeader>
                    <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>
                      Analyst
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Target</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {preview.alerts.slice(0, shown).map((alert) => (
                    <Table.Row key={`${alert.symbol}-${alert.time}-${alert.analyst_name}`}>
                      <Table.Cell whiteSpace="nowrap">
                        {DateTime.fromSeconds(alert.time).toFormat('MM/dd/yy')}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={alert.rating === 'buy' ? 'brand' : 'danger'} variant="subtle">
                          {alert.rating === 'buy' ? 'Buy' : 'Sell'}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>
                        <Text fontWeight="semibold">{alert.symbol}</Text>
                        <Text fontSize="xs" color="fg.muted" truncate maxW={{ base: '32', md: '56' }}>
                          {alert.company_name_2 ?? sectorDisplayName(alert.sector_name)}
                        </Text>
                      </Table.Cell>
                      <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
                        {alert.analyst_name}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {alert.price_target === null ? '—' : `$${alert.price_target.toFixed(2)}`}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
          {preview.alerts.length > shown && (
            <Button
              size="sm"
              variant="ghost"
              alignSelf="center"
              onClick={() => setShown((n) => n + shownStep)}
            >
              Show more ({preview.alerts.length - shown} more)
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
