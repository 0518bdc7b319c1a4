import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  adminReportsMessages,
  sectorDisplayName,
  sectors,
  type ExplainResponse,
  type ExplainSector,
} from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { ToolCard } from '../tools/admin/ToolCard';
import { adminReportCalls } from './api';
import { OptionsGate } from './OptionsGate';

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};
const pct = (rate: number | null) => (rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toString()}%`);

/**
 * Research Analyst Team explain tool (spec 002 §§2.4, 3, 5, 7.6): why an analyst is or is not in a
 * sector's team in a month, rule by rule with the numbers; in profile mode, across the sectors the
 * profile follows.
 */
export function AnalystTeamExplain() {
  const [month, setMonth] = useState(thisMonth);
  const [analyst, setAnalyst] = useState('');
  const [mode, setMode] = useState<'sector' | 'profile'>('sector');
  const [sector, setSector] = useState(0);
  const [profile, setProfile] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ExplainResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return setProblem(adminReportsMessages.monthFormat);
    if (analyst === '') return setProblem(adminReportsMessages.explainNeedsAnalyst);
    if ((mode === 'sector' ? sector : profile) === 0)
      return setProblem(adminReportsMessages.explainNeedsScope);
    setBusy(true);
    setProblem(null);
    try {
      setAnswer(
        await adminReportCalls.explain(
          month,
          analyst,
          mode === 'sector' ? sector : 0,
          mode === 'profile' ? profile : 0,
        ),
      );
    } catch (error) {
      setAnswer(null);
      setProblem(errorMessage(error, 'Could not explain the selection. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Research Analyst Team"
        intro="Why an analyst is or is not in a sector's analyst team in a month: each rule of the team with what it asks and what the analyst had."
      >
        <OptionsGate loadingLabel="Loading the analysts" rows={2}>
          {(options) =>
            options.analysts.length === 0 ? (
              <Text color="fg.muted">No analyst ratings are in the system yet.</Text>
            ) : (
              <form noValidate onSubmit={submit} aria-label="Explain analyst selection">
                <Stack gap="4" maxW="xl">
                  <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                    <Field.Root required maxW={{ sm: '44' }}>
                      <Field.Label>Month</Field.Label>
                      <Input
                        type="month"
                        name="month"
                        size="sm"
                        value={month}
                        onChange={(event) => setMonth(event.currentTarget.value)}
                      />
                    </Field.Root>
                    <Field.Root required>
                      <Field.Label>Analyst</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field
                          name="analyst"
                          value={analyst}
                          onChange={(event) => setAnalyst(event.currentTarget.value)}
                        >
                          <option value="">Choose an analyst</option>
                          {options.analysts.map((a) => (
                            <option key={a.id} value={a.id}>
                              {a.name}
                              {a.firm ? ` (${a.firm})` : ''}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  </Stack>
                  <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                    <Field.Root maxW={{ sm: '44' }}>
                      <Field.Label>Explain for</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field
                          name="mode"
                          value={mode}
                          onChange={(event) =>
                            setMode(event.currentTarget.value === 'profile' ? 'profile' : 'sector')
                          }
                        >
                          <option value="sector">A sector</option>
                          <option value="profile">A profile</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    {mode === 'sector' ? (
                      <IdChoice
                        label="Sector"
                        name="sector"
                        placeholder="Choose a sector"
                        choices={sectors}
                        value={sector}
                        onChange={setSector}
                      />
                    ) : (
                      <IdChoice
                        label="Profile"
                        name="profile"
                        placeholder="Choose a profile"
                        choices={options.profiles}
                        value={profile}
                        onChange={setProfile}
                      />
                    )}
                  </Stack>
                  <FormProblem message={problem} />
                  <HStack>
                    <Button type="submit" colorPalette="brand" loading={busy} loadingText="Explaining">
                      Explain
                    </Button>
                  </HStack>
                </Stack>
              </form>
            )
          }
        </OptionsGate>
      </ToolCard>
      {answer && <Explanation answer={answer} />}
    </Stack>
  );
}

/** A required pick by id among named choices (a sector, a profile); 0 while none is chosen. */
function IdChoice(props: {
  label: string;
  name: string;
  placeholder: string;
  choices: readonly { id: number; name: string }[];
  value: number;
  onChange: (id: number) => void;
}) {
  return (
    <Field.Root required>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(event) => props.onChange(Number(event.currentTarget.value))}
        >
          <option value={0}>{props.placeholder}</option>
          {props.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function Explanation({ answer }: { answer: ExplainResponse }) {
  const shown =
    answer.mode === 'sector' ? answer.sectors : answer.sectors.filter((s) => s.inTeam || s.ratings > 0);
  const p = answer.params;
  return (
    <Stack as="section" gap="4" minW="0" aria-live="polite" aria-label="Explanation">
      <Box bg="bg.panel" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} minW="0">
        <Text fontWeight="semibold" fontSize="lg">
          {answer.analyst.name}
          {answer.analyst.firm ? ` · ${answer.analyst.firm}` : ''}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {answer.mode === 'profile' ? `Profile ${answer.profile?.name ?? ''}, ` : ''}
          {answer.month}. Team parameters: the best {p.maxSize}; ratings of the last {p.lookbackYears} years;
          active in the last {p.activeMonths} months; threshold {p.minDecided} decided ratings; minimum ratio{' '}
          {pct(p.minSuccessRate)}; minimum monthly average {pct(p.minOutperformRate)}.
        </Text>
        {answer.mode === 'profile' && <Text mt="2">{answer.ret.split('\n')[0]}</Text>}
      </Box>
      {shown.length === 0 ? (
        <Text color="fg.muted">This analyst rated no stock of any sector by then.</Text>
      ) : (
        shown.map((sector) => <SectorExplanation key={sector.sector} sector={sector} />)
      )}
    </Stack>
  );
}

function SectorExplanation({ sector }: { sector: ExplainSector }) {
  return (
    <Box
      as="section"
      aria-label={`${sector.sector} team`}
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap" mb="2">
        <Text fontWeight="semibold">{sectorDisplayName(sector.sector)}</Text>
        <Badge colorPalette={sector.inTeam ? 'green' : 'red'} variant="subtle">
          {sector.inTeam ? `In the team, rank ${sector.rank ?? ''}` : 'Not in the team'}
        </Badge>
      </HStack>
      <Text mb="3">{sector.summary}</Text>
      <Stack as="ul" gap="2" listStyleType="none" ms="0" aria-label="Team rules">
        {sector.rules.map((rule) => (
          <HStack as="li" key={rule.rule} align="start" gap="2" minW="0">
            <Badge
              colorPalette={rule.passed ? 'green' : 'red'}
              variant="outline"
              flexShrink={0}
              minW="16"
              justifyContent="center"
            >
              {rule.passed ? 'Met' : 'Not met'}
            </Badge>
            <Box minW="0">
              <Text fontSize="sm" fontWeight="medium">
                {rule.label}
              </Text>
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {rule.text}
              </Text>
            </Box>
          </HStack>
        ))}
      </Stack>
      <Text fontSize="sm" color="fg.muted" mt="4">
        Team as of {sector.asOf}: {sector.teamSize} of {sector.qualifying} qualifying analysts.
      </Text>
      {sector.team.length > 0 && (
        <Stack
          as="ol"
          gap="1"
          mt="2"
          fontSize="sm"
          ms="0"
          listStyleType="none"
          aria-label={`${sector.sector} team members`}
        >
          {sector.team.map((member) => (
            <HStack
              as="li"
              key={member.analystId}
              gap="2"
              minW="0"
              fontWeight={sector.inTeam && member.rank === sector.rank ? 'semibold' : undefined}
            >
              <Text w="6" textAlign="end" color="fg.muted" flexShrink={0}>
                {member.rank}
              </Text>
              <Text flex="1" minW="0" truncate>
                {member.name}
              </Text>
              <Text flexShrink={0}>{pct(member.successRate)} success</Text>
              <Text flexShrink={0} hideBelow="sm">
                {pct(member.outperformRate)} beat ETF
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
