import { Box, CloseButton, Dialog, Grid, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { scoreFactorNames, type OpportunityRow, type ScoreFactorName } from '@insight/shared';
import { Suspense, lazy } from 'react';
import { Hint } from '../feed/Hint';

const Gauge = lazy(() => import('./Gauge'));

/** Spec 002 §9: above 66 green, above 33 amber, otherwise red (reversed for risk); unknown shows 25. */
export function gaugeColor(value: number, reversed = false): string {
  const v = reversed ? 100 - value : value;
  return v > 66 ? '#00BA6C' : v > 33 ? '#F59E0B' : '#db4437';
}

const gauges = [
  {
    key: 'total',
    label: 'Total Rank',
    tip: 'The opportunity score, 0 to 100: every factor weighted by the score weights.',
  },
  {
    key: 'analystTeamScore',
    label: 'Analyst Data',
    tip: "How strongly the sector's best analysts back the stock: how many of the team rate it buy, their grades and outperformance, and how past buys on it worked out.",
  },
  {
    key: 'risk',
    label: 'Risk',
    tip: 'How risky the stock is: its beta against the market, the volatility of its daily moves and its size. Lower is safer.',
  },
  {
    key: 'marketScore',
    label: 'Momentum Score',
    tip: 'How the price is moving: its three-month return, its price against its 50-day average, and its sector against the market.',
  },
  {
    key: 'fundumentalScore',
    label: 'Fundamental Score',
    tip: 'What the company earns and is valued at: P/E, P/B, current ratio, EPS and return on equity.',
  },
] as const;

const factorLabels: Record<ScoreFactorName, string> = {
  team: 'Team members rating buy',
  outperform: 'Their outperform rate',
  positive_pl: 'Past buys that succeeded',
  number_rec: 'Net current recommendations',
  algorithm: "Buying members' mean grade",
  momentum: '3-month return',
  pe: 'P/E (12m)',
  pb: 'P/B',
  currentratio: 'Current ratio',
  beta: 'Beta',
  top_mc: 'Market cap',
  sd: 'Volatility (annual sd)',
  ma_ratio: 'Price / 50-day average',
  ma_etf_spy: 'Sector ETF vs SPY trend',
  eps: 'EPS (12m)',
  roe: 'ROE %',
};

function factorValue(name: ScoreFactorName, value: number | null): string {
  if (value === null) return 'unknown';
  switch (name) {
    case 'outperform':
    case 'positive_pl':
    case 'momentum':
    case 'sd':
      return `${(value * 100).toFixed(1)}%`;
    case 'top_mc':
      return new Intl.NumberFormat('en-US', {
        notation: 'compact',
        style: 'currency',
        currency: 'USD',
      }).format(value);
    case 'team':
    case 'number_rec':
      return String(value);
    // Two decimals, as the stock page writes the same figures.
    case 'algorithm':
    case 'pe':
    case 'pb':
    case 'currentratio':
    case 'beta':
    case 'ma_ratio':
    case 'ma_etf_spy':
    case 'roe':
      return value.toFixed(2);
    case 'eps':
      return `$${value.toFixed(2)}`;
  }
}

/** The Opportunity rank dialog (spec 002 §2.3): five gauges with their tooltips and the factors behind them. */
export function RankDialog({ row, onClose }: { row: OpportunityRow | null; onClose(): void }) {
  return (
    <Dialog.Root
      open={row !== null}
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {row && (
              <>
                <Dialog.Header>
                  <Dialog.Title>
                    {row.ticker} · {row.company}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Grid
                    templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' }}
                    gap="2"
                    data-testid="rank-gauges"
                  >
                    {gauges.map((gauge) => {
                      const value = gauge.key === 'total' ? row.totalScore : row.normalizedScores[gauge.key];
                      const reversed = gauge.key === 'risk';
                      return (
                        <Hint key={gauge.key} label={gauge.tip}>
                          <Box
                            tabIndex={0}
                            aria-label={`${gauge.label}: ${value}. ${gauge.tip}`}
                            data-testid="rank-gauge"
                            textAlign="center"
                            rounded="md"
                            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
                          >
                            <Suspense fallback={<Box h="130px" />}>
                              <Gauge
                                value={Number.isFinite(value) ? value : 25}
                                color={gaugeColor(value, reversed)}
                              />
                            </Suspense>
                            <Text fontSize="sm" fontWeight="semibold" mt="-2">
                              {gauge.label}
                            </Text>
                            {gauge.key === 'risk' && (
                              <Text fontSize="xs" color="fg.muted">
                                {row.normalizedScores.riskWord}
                              </Text>
                            )}
                          </Box>
                        </Hint>
                      );
                    })}
                  </Grid>
                  <Stack mt="5" gap="2">
                    <Text fontWeight="semibold">Why this score</Text>
                    <Table.ScrollArea borderWidth="1px" rounded="md">
                      <Table.Root size="sm" aria-label="Score factors">
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>Factor</Table.ColumnHeader>
                            <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
                            <Table.ColumnHeader textAlign="end">Score</Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {scoreFactorNames.map((name) => (
                            <Table.Row key={name}>
                              <Table.Cell>{factorLabels[name]}</Table.Cell>
                              <Table.Cell textAlign="end">
                                {factorValue(name, row.factors[name].value)}
                              </Table.Cell>
                              <Table.Cell textAlign="end">
                                {Math.round(row.factors[name].score * 100)}
                              </Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Table.ScrollArea>
                  </Stack>
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close" />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
