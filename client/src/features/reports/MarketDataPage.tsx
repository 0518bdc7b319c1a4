import { Box, Button, Collapsible, Heading, Stack, Text } from '@chakra-ui/react';
import { can } from '@insight/shared';
import { marketDataJobKind, type MarketDataAck } from '@insight/shared/reports/schemas';
import { useEffect, useState } from 'react';
import { useAtomValue } from '../../app/store';
import { currentRolesAtom } from '../auth/atoms';
import { MyReports } from '../jobs/MyReports';
import { scannerCalls } from '../scanner/api';
import { MarketDataForm } from './MarketDataForm';
import { MarketTrendSection, SectorTrendSection, Panel } from './TrendSections';

/**
 * Tools › Market Data (spec 002 §2.4; spec 001 §2 "Report builder parts"): the market performance
 * chart, the analyst sector trend chart, and the scored opportunity report (collapsible, with intro
 * text) whose requests follow in My reports below it.
 */
export default function MarketDataPage() {
  const roles = useAtomValue(currentRolesAtom);
  const admin = can(roles, 'tools.systemAdmin');
  const [universes, setUniverses] = useState<{ id: number; name: string }[] | null>(null);
  const [requested, setRequested] = useState(0);
  const [last, setLast] = useState<MarketDataAck | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    scannerCalls.universes(controller.signal).then(setUniverses, () => {
      if (!controller.signal.aborted) setUniverses([]);
    });
    return () => controller.abort();
  }, []);

  return (
    <Stack gap="5" minW="0">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="tight">
          Market Data
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          How the market and its sectors moved, where the analysts lean, and the scored opportunity report.
        </Text>
      </Box>
      <MarketTrendSection />
      <SectorTrendSection universes={universes} />
      <Panel
        id="market-data-report-title"
        title="Scored opportunity report"
        intro="Every sector's opportunities, scored by the analysts' team, risk, momentum and fundamentals as of the report's month, one sheet per sector (Excel, and CSV). Reports are prepared on the server: they arrive by e-mail and wait in My reports."
      >
        <Collapsible.Root defaultOpen>
          <Collapsible.Trigger asChild>
            <Button variant="outline" size="sm" mb="4">
              Report parameters
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <MarketDataForm
              admin={admin}
              universes={universes}
              onRequested={(ack) => {
                setLast(ack);
                setRequested((n) => n + 1);
              }}
            />
          </Collapsible.Content>
        </Collapsible.Root>
        {last && (
          <Text role="status" mt="4" fontSize="sm" data-testid="report-ack">
            {last.msg}
          </Text>
        )}
      </Panel>
      <MyReports kinds={[marketDataJobKind]} refreshKey={requested} title="Requested reports" />
    </Stack>
  );
}
