import { Box, Button, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { benchmarkGroups, defaultBenchmarks } from '@insight/shared';
import { useState } from 'react';
import { DialogShell } from '../dialogs/DialogShell';

/** Spec 001 §2 "Add Benchmarks": the ETFs to compare with, in the spec's groups (§9). */
export function BenchmarksDialog({
  open,
  selected,
  onApply,
  onClose,
}: {
  open: boolean;
  selected: readonly string[];
  onApply: (etfs: string[]) => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} title="Add Benchmarks" size="lg">
      {open && <BenchmarksForm selected={selected} onApply={onApply} onClose={onClose} />}
    </DialogShell>
  );
}

function BenchmarksForm({
  selected,
  onApply,
  onClose,
}: {
  selected: readonly string[];
  onApply: (etfs: string[]) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(selected));
  const toggle = (symbol: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(symbol);
      else next.delete(symbol);
      return next;
    });
  // Listed in the groups' order, so the legend reads the same way each time.
  const ordered = benchmarkGroups
    .flatMap((group) => group.etfs.map((etf) => etf.symbol))
    .filter((symbol) => chosen.has(symbol));
  return (
    <Stack gap="5">
      {benchmarkGroups.map((group) => (
        <Box as="fieldset" key={group.label}>
          <Text as="legend" fontWeight="semibold" fontSize="sm" mb="2">
            {group.label}
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
            {group.etfs.map((etf) => (
              <Checkbox.Root
                key={etf.symbol}
                size="sm"
                checked={chosen.has(etf.symbol)}
                onCheckedChange={(details) => toggle(etf.symbol, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Text as="span" fontWeight="semibold">
                    {etf.symbol}
                  </Text>{' '}
                  <Text as="span" color="fg.muted">
                    {etf.name}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </Box>
      ))}
      <HStack justify="space-between" gap="3" pt="1" wrap="wrap">
        <Button variant="ghost" size="sm" onClick={() => setChosen(new Set(defaultBenchmarks))}>
          Reset to SPY and RSP
        </Button>
        <HStack gap="3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onApply(ordered);
              onClose();
            }}
          >
            Apply
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
