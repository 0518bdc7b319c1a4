import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  IconButton,
  Input,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { priceField } from '@insight/shared';
import {
  monthField,
  type AppPortfolio,
  type AppPortfolioDetail,
  type AppPortfolioSymbol,
} from '@insight/shared/apps/schemas';
import { tickerField } from '@insight/shared/market/schemas';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { StatusPanel } from '../../components/StatusPanel';
import { notify } from '../../components/ui/toaster';
import { appPortfolioCalls } from './api';
import type { Loaded } from './EditPortfolios';
import { Change } from '../watchlist/Change';
import { changePercent, formatUsd } from '../watchlist/format';
import { formatMonth } from './format';
import { BriefcaseIcon, TrashIcon } from './icons';
import { ActiveCheckbox } from './PortfolioList';

interface PortfolioEditorProps {
  detail: Loaded<AppPortfolioDetail> | null;
  onChanged: (portfolio: AppPortfolioDetail) => void;
  onToggleActive: (portfolio: AppPortfolio, active: boolean) => Promise<void>;
}

/** The selected portfolio: active flag, end month, its symbols with entry and last price, add and remove. */
export function PortfolioEditor({ detail, onChanged, onToggleActive }: PortfolioEditorProps) {
  if (detail === null)
    return (
      <StatusPanel icon={<BriefcaseIcon />} title="Select a portfolio" tone="gray">
        Choose a portfolio of the list to see its symbols, add or remove them, and set its end month.
      </StatusPanel>
    );
  if (detail.kind === 'loading')
    return <Skeleton h="72" rounded="xl" aria-busy="true" aria-label="Loading the portfolio" />;
  if (detail.kind === 'failed') return <FormProblem message={detail.message} />;
  return <Editor portfolio={detail.value} onChanged={onChanged} onToggleActive={onToggleActive} />;
}

function Editor({
  portfolio,
  onChanged,
  onToggleActive,
}: {
  portfolio: AppPortfolioDetail;
  onChanged: (portfolio: AppPortfolioDetail) => void;
  onToggleActive: (portfolio: AppPortfolio, active: boolean) => Promise<void>;
}) {
  const [toggling, setToggling] = useState(false);
  const list = portfolio.list ?? [];
  return (
    <Stack
      as="section"
      aria-labelledby="app-portfolio-title"
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
          <Heading as="h2" size="lg" id="app-portfolio-title" truncate>
            {portfolio.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            From {formatMonth(portfolio.month)}
            {portfolio.end_month !== null ? ` to ${formatMonth(portfolio.end_month)}` : ', no end month'}
          </Text>
        </Box>
        <ActiveCheckbox
          checked={portfolio.active}
          disabled={toggling}
          label={portfolio.title}
          onChange={(active) => {
            setToggling(true);
            void onToggleActive(portfolio, active).finally(() => setToggling(false));
          }}
        />
      </Flex>

      {portfolio.warning !== null && (
        <Alert.Root status="warning" size="sm" variant="subtle">
          <Alert.Indicator />
          <Alert.Title>{portfolio.warning}</Alert.Title>
        </Alert.Root>
      )}

      <SymbolsTable portfolio={portfolio} list={list} onChanged={onChanged} />
      <AddSymbolForm portfolio={portfolio} onChanged={onChanged} />
      <Box borderTopWidth="1px" borderColor="border" />
      <EndMonthForm
        key={`${portfolio.id}:${portfolio.end_month}`}
        portfolio={portfolio}
        onChanged={onChanged}
      />
    </Stack>
  );
}

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function SymbolsTable({
  portfolio,
  list,
  onChanged,
}: {
  portfolio: AppPortfolioDetail;
  list: AppPortfolioSymbol[];
  onChanged: (portfolio: AppPortfolioDetail) => void;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  async function remove(symbol: string) {
    setRemoving(symbol);
    try {
      onChanged((await appPortfolioCalls.removeSymbol(portfolio.id, symbol)).data);
    } catch (error) {
      notify.error(errorMessage(error, `Could not remove ${symbol}. Please try again.`));
    } finally {
      setRemoving(null);
    }
  }
  if (list.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm" textAlign="center" py="6" bg="bg.muted" rounded="md">
        No symbols yet: add the first one below.
      </Text>
    );
  return (
    <Box borderWidth="1px" borderColor="border" rounded="md" overflowX="auto">
      <Table.Root size="sm" aria-label={`Symbols of ${portfolio.title}`}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Entry</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Last price</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric} display={{ base: 'none', sm: 'table-cell' }}>
              Change
            </Table.ColumnHeader>
            <Table.ColumnHeader w="10">
              <Text srOnly>Remove</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.map((item) => {
            return (
              <Table.Row key={item.symbol} data-symbol={item.symbol}>
                <Table.Cell fontWeight="bold">{item.symbol}</Table.Cell>
                <Table.Cell {...numeric}>{formatUsd(item.entry)}</Table.Cell>
                <Table.Cell {...numeric} fontWeight="semibold">
                  {formatUsd(item.last_price)}
                </Table.Cell>
                <Table.Cell {...numeric} display={{ base: 'none', sm: 'table-cell' }}>
                  <Change value={changePercent(item.entry, item.last_price)} fontWeight="normal" />
                </Table.Cell>
                <Table.Cell textAlign="end" py="1">
                  <IconButton
                    aria-label={`Remove ${item.symbol}`}
                    size="xs"
                    variant="ghost"
                    colorPalette="danger"
                    loading={removing === item.symbol}
                    onClick={() => void remove(item.symbol)}
                  >
                    <TrashIcon />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Symbol and entry price; without an entry the server takes the symbol's last price. */
function AddSymbolForm({
  portfolio,
  onChanged,
}: {
  portfolio: AppPortfolioDetail;
  onChanged: (portfolio: AppPortfolioDetail) => void;
}) {
  const [symbol, setSymbol] = useState('');
  const [entry, setEntry] = useState('');
  const [problems, setProblems] = useState<{ symbol?: string; entry?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checkedSymbol = tickerField.safeParse(symbol);
    const checkedEntry = entry.trim() === '' ? null : priceField.safeParse(entry);
    const found = {
      ...(checkedSymbol.success ? {} : { symbol: checkedSymbol.error.issues[0]?.message }),
      ...(checkedEntry === null || checkedEntry.success
        ? {}
        : { entry: checkedEntry.error.issues[0]?.message }),
    };
    setProblems(found);
    if (!checkedSymbol.success || (checkedEntry !== null && !checkedEntry.success)) return;
    setBusy(true);
    try {
      const answer = await appPortfolioCalls.addSymbol(
        portfolio.id,
        checkedSymbol.data,
        checkedEntry?.data ?? null,
      );
      onChanged(answer.data);
      setSymbol('');
      setEntry('');
    } catch (error) {
      // Spec 002 §7.4: a refusal is shown as the server words it.
      notify.error(errorMessage(error, `Could not add ${checkedSymbol.data}. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Add a symbol">
      <Flex gap="3" align={{ base: 'stretch', sm: 'end' }} direction={{ base: 'column', sm: 'row' }}>
        <Field.Root invalid={problems.symbol !== undefined} w={{ sm: '36' }}>
          <Field.Label fontSize="sm">Symbol</Field.Label>
          <Input
            name="symbol"
            size="sm"
            autoComplete="off"
            textTransform="uppercase"
            maxLength={12}
            value={symbol}
            onChange={(event) => setSymbol(event.target.value)}
          />
          <Field.ErrorText>{problems.symbol}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={problems.entry !== undefined} w={{ sm: '36' }}>
          <Field.Label fontSize="sm">Entry price</Field.Label>
          <Input
            name="entry"
            size="sm"
            inputMode="decimal"
            placeholder="Last price"
            value={entry}
            onChange={(event) => setEntry(event.target.value)}
          />
          <Field.ErrorText>{problems.entry}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="sm" loading={busy} loadingText="Adding...">
          Add symbol
        </Button>
      </Flex>
    </form>
  );
}

/** The portfolio's last month (YYYY-mm), or none. */
function EndMonthForm({
  portfolio,
  onChanged,
}: {
  portfolio: AppPortfolioDetail;
  onChanged: (portfolio: AppPortfolioDetail) => void;
}) {
  const [value, setValue] = useState(portfolio.end_month ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(month: string | null) {
    setFailure(null);
    setBusy(true);
    try {
      onChanged((await appPortfolioCalls.setEndMonth(portfolio.id, month)).data);
    } catch (error) {
      setFailure(errorMessage(error, 'Could not save the end month. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = monthField.safeParse(value);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    void save(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="End month">
      <Stack gap="2">
        <Flex gap="3" align={{ base: 'stretch', sm: 'end' }} direction={{ base: 'column', sm: 'row' }}>
          <Field.Root invalid={problem !== null} w={{ sm: '36' }}>
            <Field.Label fontSize="sm">End month</Field.Label>
            <Input
              name="end_month"
              size="sm"
              placeholder="YYYY-mm"
              maxLength={7}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <Field.ErrorText>{problem}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" size="sm" variant="outline" loading={busy}>
            Set end month
          </Button>
          {portfolio.end_month !== null && (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => void save(null)}>
              Clear
            </Button>
          )}
        </Flex>
        <FormProblem message={failure} />
      </Stack>
    </form>
  );
}
