import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  addAppPortfolioFormSchema,
  appLimits,
  appMessages,
  type App,
  type AppPortfolio,
} from '@insight/shared/apps/schemas';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { notify } from '../../components/ui/toaster';
import { appPortfolioCalls } from './api';
import type { Loaded } from './EditPortfolios';
import { formatMonth } from './format';

const addFailed = 'Could not add the portfolio. Please try again.';

interface PortfolioListProps {
  app: App;
  list: Loaded<AppPortfolio[]>;
  selected: number | null;
  onSelect: (id: number) => void;
  onAdded: () => void;
  onToggleActive: (portfolio: AppPortfolio, active: boolean) => Promise<void>;
}

/** The app's portfolios, newest month first, each selectable and with its active checkbox; the add form above. */
export function PortfolioList({
  app,
  list,
  selected,
  onSelect,
  onAdded,
  onToggleActive,
}: PortfolioListProps) {
  return (
    <Stack
      as="section"
      aria-labelledby="app-portfolios-title"
      gap="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p="4"
    >
      <Heading as="h2" size="md" id="app-portfolios-title">
        Portfolios of {app.name}
      </Heading>
      <AddPortfolioForm app={app} onAdded={onAdded} />
      <Box borderTopWidth="1px" borderColor="border" mx="-4" />
      {list.kind === 'loading' && (
        <Stack gap="2" aria-busy="true" aria-label="Loading the portfolios">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h="12" rounded="md" />
          ))}
        </Stack>
      )}
      {list.kind === 'failed' && <FormProblem message={list.message} />}
      {list.kind === 'ready' && list.value.length === 0 && (
        <Text color="fg.muted" fontSize="sm" py="4" textAlign="center">
          No portfolios for this app yet: add the first one above.
        </Text>
      )}
      {list.kind === 'ready' && list.value.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Portfolios">
          {list.value.map((portfolio) => (
            <PortfolioRow
              key={portfolio.id}
              portfolio={portfolio}
              selected={portfolio.id === selected}
              onSelect={() => onSelect(portfolio.id)}
              onToggleActive={(active) => onToggleActive(portfolio, active)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PortfolioRow({
  portfolio,
  selected,
  onSelect,
  onToggleActive,
}: {
  portfolio: AppPortfolio;
  selected: boolean;
  onSelect: () => void;
  onToggleActive: (active: boolean) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Flex
      as="li"
      align="center"
      gap="3"
      px="3"
      py="2"
      rounded="md"
      borderWidth="1px"
      borderColor={selected ? 'brand.300' : 'transparent'}
      bg={selected ? 'brand.subtle' : undefined}
      _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
      data-portfolio={portfolio.title}
    >
      <Box
        as="button"
        flex="1"
        minW="0"
        textAlign="start"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={`Edit ${portfolio.title}`}
        rounded="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <Text fontWeight="semibold" truncate title={portfolio.title}>
          {portfolio.title}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatMonth(portfolio.month)}
          {portfolio.end_month !== null && ` – ${formatMonth(portfolio.end_month)}`} · {portfolio.symbols}{' '}
          {portfolio.symbols === 1 ? 'symbol' : 'symbols'}
        </Text>
      </Box>
      <ActiveCheckbox
        checked={portfolio.active}
        disabled={busy}
        label={portfolio.title}
        onChange={(active) => {
          setBusy(true);
          void onToggleActive(active).finally(() => setBusy(false));
        }}
      />
    </Flex>
  );
}

export function ActiveCheckbox({
  checked,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  onChange: (active: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={`${label} active`} />
      <Checkbox.Control />
      <Checkbox.Label fontSize="xs" color="fg.muted">
        {checked ? <Badge colorPalette="green">Active</Badge> : 'Active'}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** Name and month (YYYY-mm) with the spec's rules and messages (spec 002 §5), checked before sending. */
function AddPortfolioForm({ app, onAdded }: { app: App; onAdded: () => void }) {
  const [title, setTitle] = useState('');
  const [month, setMonth] = useState('');
  const [problems, setProblems] = useState<{ title?: string; month?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = addAppPortfolioFormSchema.safeParse({ title, month });
    if (!parsed.success) {
      const found: { title?: string; month?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'month') && found[field] === undefined)
          found[field] = issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      const answer = await appPortfolioCalls.add(app.flavor, parsed.data.title, parsed.data.month);
      notify.success(answer.msg ?? appMessages.portfolioAdded);
      setTitle('');
      setMonth('');
      onAdded();
    } catch (error) {
      setFailure(errorMessage(error, addFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Add a portfolio">
      <Stack gap="3">
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'start' }}>
          <Field.Root invalid={problems.title !== undefined} flex="1">
            <Field.Label fontSize="sm">Name</Field.Label>
            <Input
              name="title"
              size="sm"
              maxLength={appLimits.titleMax}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
            <Field.ErrorText>{problems.title}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={problems.month !== undefined} w={{ sm: '32' }}>
            <Field.Label fontSize="sm">Month</Field.Label>
            <Input
              name="month"
              size="sm"
              placeholder="YYYY-mm"
              inputMode="numeric"
              maxLength={7}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            />
            <Field.ErrorText>{problems.month}</Field.ErrorText>
          </Field.Root>
        </Flex>
        <FormProblem message={failure} />
        <Button type="submit" size="sm" loading={busy} loadingText="Adding..." alignSelf="flex-start">
          Add portfolio
        </Button>
      </Stack>
    </form>
  );
}
