import { Box, Field, Input, Progress, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { FormProblem } from '../../../components/FormProblem';

export interface FromListDraft {
  symbols: string;
  total: string;
}

export interface Lookup {
  done: number;
  total: number;
}

interface FromListFormProps {
  draft: FromListDraft;
  onChange: (draft: FromListDraft) => void;
  problem: string | null;
  /** The price lookups under way, for the progress overlay; null when idle. */
  lookup: Lookup | null;
}

/**
 * Spec 002 §2.11 "From List": the symbols and a total value; Next (in the dialog's footer) turns them
 * into lines, with a progress overlay while the last prices are looked up.
 */
export function FromListForm({ draft, onChange, problem, lookup }: FromListFormProps) {
  return (
    <Box position="relative">
      <Stack gap="4" aria-busy={lookup !== null}>
        <Field.Root>
          <Field.Label>Symbols</Field.Label>
          <Textarea
            value={draft.symbols}
            onChange={(event) => onChange({ ...draft, symbols: event.currentTarget.value })}
            placeholder="AAPL, MSFT, NVDA"
            rows={5}
            autoComplete="off"
            spellCheck={false}
            textTransform="uppercase"
            disabled={lookup !== null}
          />
          <Field.HelperText>Separate symbols with commas, spaces or new lines.</Field.HelperText>
        </Field.Root>
        <Field.Root maxW={{ sm: '64' }}>
          <Field.Label>Total value</Field.Label>
          <Input
            value={draft.total}
            onChange={(event) => onChange({ ...draft, total: event.currentTarget.value })}
            inputMode="decimal"
            placeholder="10,000"
            disabled={lookup !== null}
          />
          <Field.HelperText>Split equally among the symbols that have a price.</Field.HelperText>
        </Field.Root>
        <FormProblem message={problem} />
      </Stack>
      {lookup !== null && (
        <Stack
          position="absolute"
          inset="-2"
          align="center"
          justify="center"
          gap="3"
          bg="bg.panel/85"
          backdropFilter="blur(1px)"
          rounded="lg"
          role="status"
          aria-live="polite"
        >
          <Spinner size="lg" color="brand.solid" />
          <Text fontWeight="medium">
            Looking up prices… {lookup.done} of {lookup.total}
          </Text>
          <Progress.Root
            value={lookup.total === 0 ? null : Math.round((lookup.done / lookup.total) * 100)}
            w="60%"
            size="sm"
            colorPalette="brand"
            aria-label="Price lookups done"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
    </Box>
  );
}
