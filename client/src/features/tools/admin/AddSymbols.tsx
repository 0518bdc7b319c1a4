import { Badge, Button, Field, HStack, NativeSelect, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { addSymbolsJobKind, adminToolsMessages, parseTickers, sectors } from '@insight/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/request';
import { FormProblem } from '../../../components/FormProblem';
import { JobProgressBar, useLiveJob } from '../../jobs/JobProgressBar';
import { MyReports } from '../../jobs/MyReports';
import { adminToolCalls } from './api';
import { ToolCard, ToolSuccess } from './ToolCard';

/**
 * Add Symbols (spec 002 §§2.2, 5, 7.5; issue 16 item 4): tickers the upstream knows are brought into
 * the system — company, five years of daily bars, ratings — by a job whose progress shows here live.
 */
export function AddSymbols() {
  const [text, setText] = useState('');
  const [sectorId, setSectorId] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [noSector, setNoSector] = useState<string[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    adminToolCalls.symbolsWithoutSector(controller.signal).then(
      (answer) => setNoSector(answer.tickers),
      () => setNoSector(null),
    );
    return () => controller.abort();
  }, [refreshKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    if (parseTickers(text).tickers.length === 0) {
      setProblem(adminToolsMessages.noSymbols);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await adminToolCalls.addSymbols({ tickers: text, sector_id: sectorId });
      setSuccess(answer.count === 0 ? answer.msg : `${answer.msg}. Count: ${answer.count}`);
      setJobId(answer.jobId);
      if (answer.jobId) setText('');
      setRefreshKey((key) => key + 1);
    } catch (error) {
      setProblem(errorMessage(error, 'Could not add the symbols. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Add Symbols"
        intro="Symbols the market data source knows are added with their company facts, five years of daily prices and their analyst ratings."
      >
        <form noValidate onSubmit={submit} aria-label="Add symbols">
          <Stack gap="4" maxW="xl">
            <Field.Root invalid={problem === adminToolsMessages.noSymbols}>
              <Field.Label>Symbols</Field.Label>
              <Textarea
                name="tickers"
                value={text}
                onChange={(event) => setText(event.currentTarget.value.toUpperCase())}
                placeholder="NFLX, SHOP&#10;ABNB"
                rows={4}
                autoComplete="off"
                spellCheck={false}
              />
              <Field.HelperText>Separate symbols by commas, spaces or new lines.</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Sector</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  name="sector"
                  value={sectorId}
                  onChange={(event) => setSectorId(Number(event.currentTarget.value))}
                >
                  <option value={0}>As the market data says</option>
                  {sectors.map((sector) => (
                    <option key={sector.id} value={sector.id}>
                      {sector.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <FormProblem message={problem} />
            <ToolSuccess message={success}>{jobId && <AddProgress jobId={jobId} />}</ToolSuccess>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Checking symbols">
                Add Symbols
              </Button>
            </HStack>
          </Stack>
        </form>
      </ToolCard>

      <ToolCard
        title="Symbols without a sector"
        intro="Stocks in the system whose sector is not known; add them again with a sector to set it."
      >
        {noSector === null ? (
          <Text color="fg.muted">Could not read the list.</Text>
        ) : noSector.length === 0 ? (
          <Text color="fg.muted">Every stock has a sector.</Text>
        ) : (
          <Wrap gap="2" aria-label="Symbols without a sector">
            {noSector.map((symbol) => (
              <Badge key={symbol} variant="outline">
                {symbol}
              </Badge>
            ))}
          </Wrap>
        )}
      </ToolCard>

      <MyReports kinds={[addSymbolsJobKind]} refreshKey={refreshKey} title="Symbol fetches" />
    </Stack>
  );
}

function AddProgress({ jobId }: { jobId: string }) {
  const live = useLiveJob({ id: jobId, state: 'queued', progress: null, url: null });
  return (
    <Stack gap="1" mt="2" w="full">
      <JobProgressBar live={live} label="Symbols fetched" />
      <Text fontSize="xs" color="fg.muted">
        {live.state === 'done'
          ? 'Done: the symbols are in the system.'
          : live.state === 'failed'
            ? 'The fetch failed; see the list below.'
            : (live.phase ?? 'Waiting for a free worker')}
      </Text>
    </Stack>
  );
}
