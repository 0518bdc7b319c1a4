import { Box, Button, Flex, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { scanPhases, sectorDisplayName, type ScanPhase } from '@insight/shared';

export interface RunState {
  phase: ScanPhase;
  sector: string | null;
  /** Sectors whose rows arrived. */
  done: string[];
  total: number;
}

/** The run stage (spec 002 §2.3): the scan's live phase, and the sectors done so far. */
export function RunStage({ run, onCancel }: { run: RunState; onCancel(): void }) {
  const current = scanPhases.indexOf(run.phase);
  return (
    <Stack gap="5" align="center" py="8" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" />
      <Text fontSize="lg" fontWeight="semibold" data-testid="scan-phase">
        {run.phase}
        {run.sector ? ` · ${sectorDisplayName(run.sector)}` : ''}…
      </Text>
      <Box w="full" maxW="md">
        <Progress.Root
          value={Math.round((100 * run.done.length) / Math.max(1, run.total))}
          size="sm"
          colorPalette="brand"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text mt="1" fontSize="sm" color="fg.muted" textAlign="center">
          {run.done.length} of {run.total} sectors ready
        </Text>
      </Box>
      <Stack as="ol" gap="1" fontSize="sm" listStyleType="none">
        {scanPhases.map((phase, i) => (
          <Flex
            as="li"
            key={phase}
            gap="2"
            color={i < current ? 'fg.muted' : i === current ? 'fg' : 'fg.subtle'}
            fontWeight={i === current ? 'semibold' : 'normal'}
          >
            <Text as="span" w="4" aria-hidden>
              {i < current ? '✓' : i === current ? '›' : ''}
            </Text>
            {phase}
          </Flex>
        ))}
      </Stack>
      <Button variant="outline" size="sm" onClick={onCancel}>
        Back
      </Button>
    </Stack>
  );
}
