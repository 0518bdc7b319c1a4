import {
  Box,
  Button,
  Checkbox,
  Collapsible,
  Field,
  Flex,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { reportMessages, sectorDisplayName, sectors } from '@insight/shared';
import {
  canDownloadReport,
  effectiveToMonth,
  rangeParamText,
  reportLimits,
  shiftMonth,
  type MarketDataAck,
  type MarketDataReportType,
} from '@insight/shared/reports/schemas';
import { defaultScoreWeights, scannerDefaults, scoreFactorNames } from '@insight/shared/scan/schemas';
import { analystTeamDefaults } from '@insight/shared/analysts/team';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { notify } from '../../components/ui/toaster';
import { reportCalls } from './api';

type Condition = 'none' | 'lower' | 'greater' | 'range';
const conditionCodes: Record<Condition, number> = { none: 0, lower: 1, greater: 2, range: 3 };
interface RangeState {
  condition: Condition;
  from: string;
  to: string;
}
const noRange: RangeState = { condition: 'none', from: '', to: '' };

/** Spec 001 §5: 'none' clears the values; 'lower than' uses only to; 'greater than' only from; 'range' both. */
function rangeText(range: RangeState) {
  const n = (text: string) => (text.trim() === '' ? null : Number(text));
  const code = conditionCodes[range.condition];
  return rangeParamText({
    condition: code,
    min: code === 2 || code === 3 ? n(range.from) : null,
    max: code === 1 || code === 3 ? n(range.to) : null,
  });
}

const thisMonth = () => new Date().toISOString().slice(0, 7);
const dash = (text: string) => (text.trim() === '' ? '-' : text.trim());

/** Spec 001 §5: score weights accept numbers or a minus sign. */
const weightText = /^-?\d*\.?\d*$/;

function RangeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: RangeState;
  onChange(v: RangeState): void;
}) {
  const id = label.toLowerCase().replace(/\s+/g, '-');
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Stack gap="2" w="full">
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={`${label} condition`}
            value={value.condition}
            onChange={(e) => {
              const condition = e.target.value as Condition;
              onChange(condition === 'none' ? noRange : { ...value, condition });
            }}
          >
            <option value="none">none</option>
            <option value="lower">lower than</option>
            <option value="greater">greater than</option>
            <option value="range">range</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Flex gap="2">
          <Input
            id={`${id}-from`}
            aria-label={`${label} from`}
            placeholder="from"
            maxLength={reportLimits.rangeValue}
            inputMode="decimal"
            flex="1"
            minW="20"
            disabled={value.condition === 'none' || value.condition === 'lower'}
            value={value.from}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
          <Input
            aria-label={`${label} to`}
            placeholder="to"
            maxLength={reportLimits.rangeValue}
            inputMode="decimal"
            flex="1"
            minW="20"
            disabled={value.condition === 'none' || value.condition === 'greater'}
            value={value.to}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
          />
        </Flex>
      </Stack>
    </Field.Root>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * The Market Data report's parameters (spec 001 §3, §5; spec 002 §2.4, §5, §9) and its two actions:
 * send by mail, or prepare for download (enabled as spec 001 §5 says). Admins also pick a from month,
 * the analyst team's parameters and the score weights.
 */
export function MarketDataForm({
  admin,
  universes,
  onRequested,
}: {
  admin: boolean;
  universes: { id: number; name: string }[] | null;
  onRequested(ack: MarketDataAck): void;
}) {
  const sp500 = universes?.find((u) => u.name.includes('S&P500'))?.id;
  const [fromMonth, setFromMonth] = useState(() => shiftMonth(thisMonth(), -3));
  const [toMonth, setToMonth] = useState(() => shiftMonth(thisMonth(), -1));
  const [universe, setUniverse] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [count, setCount] = useState('20');
  const [tickers, setTickers] = useState('');
  const [marketCap, setMarketCap] = useState<RangeState>(noRange);
  const [beta, setBeta] = useState<RangeState>(noRange);
  const [volume, setVolume] = useState<RangeState>(noRange);
  const [daysToEarning, setDaysToEarning] = useState(String(scannerDefaults.daysToEarning));
  // Point in time: each month is screened on the quarters reported by then, so the scanner's
  // defaults hold here too.
  const [minEps, setMinEps] = useState(scannerDefaults.minEps === null ? '' : String(scannerDefaults.minEps));
  const [minRoe, setMinRoe] = useState('');
  const [minUpside, setMinUpside] = useState(String(scannerDefaults.minUpside));
  const [filterAdr, setFilterAdr] = useState<boolean>(scannerDefaults.filterAdr);
  const [removeIfAnyShort, setRemoveIfAnyShort] = useState<boolean>(scannerDefaults.removeIfAnyShort);
  const [excludeNoRatings, setExcludeNoRatings] = useState<boolean>(scannerDefaults.excludeNoRatings);
  const [reportType, setReportType] = useState<MarketDataReportType>('scored');
  const [team, setTeam] = useState({
    threshold: String(analystTeamDefaults.minDecided),
    ratio: String(analystTeamDefaults.minSuccessRate),
    monthAvg: String(analystTeamDefaults.minOutperformRate),
  });
  const [weights, setWeights] = useState<Record<string, string>>(() =>
    Object.fromEntries(scoreFactorNames.map((name) => [name, String(defaultScoreWeights[name])])),
  );
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const universeId = universe ?? sp500 ?? 0;
  const downloadable =
    chosen.length > 0 && canDownloadReport({ reportType, sectorCount: chosen.length, universe: universeId });
  const endNote =
    !admin && reportType === 'scored'
      ? `Scored reports end one month before the chosen month: this one ends in ${effectiveToMonth(toMonth, reportType, admin)}.`
      : null;

  const toggle = (id: number) =>
    setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  async function send(delivery: 'mail' | 'download', event?: FormEvent) {
    event?.preventDefault();
    if (chosen.length === 0) return setProblem('Choose at least one sector.');
    if (delivery === 'mail' && email.trim() === '') return setProblem('Enter the e-mail the report goes to.');
    const numericWeights = scoreFactorNames.map((name) =>
      Number(weights[name] === '-' || weights[name] === '' ? 0 : weights[name]),
    );
    setProblem(null);
    setBusy(true);
    try {
      const ack = await reportCalls.requestMarketData({
        fromMonth: admin ? fromMonth : shiftMonth(toMonth, -2),
        toMonth,
        universe: universeId,
        sectors: [...chosen].sort((a, b) => a - b).join(','),
        tickers: dash(tickers.replace(/[\s,]+/g, ',')),
        count: count === '' ? 20 : count,
        marketCap: rangeText(marketCap),
        beta: rangeText(beta),
        volume: rangeText(volume),
        daysToEarning: dash(daysToEarning),
        minEps: dash(minEps),
        minRoe: dash(minRoe),
        minUpside: dash(minUpside),
        filterAdr: filterAdr ? 1 : 0,
        removeIfAnyShort: removeIfAnyShort ? 1 : 0,
        excludeNoRatings: excludeNoRatings ? 1 : 0,
        email: delivery === 'mail' ? email.trim() : '-',
        reportType,
        settings: 0,
        team: admin ? `${team.threshold}:${team.ratio}:${team.monthAvg}` : '-',
        weights: admin ? numericWeights.join(',') : '-',
      });
      notify.success(ack.msg);
      notify.info(
        `${reportMessages.requestSent} ${ack.delivery === 'mail' ? reportMessages.sentByEmail : reportMessages.downloadInMyReports}`,
      );
      onRequested(ack);
    } catch (error) {
      setProblem(errorMessage(error, 'The report could not be requested. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack
      as="form"
      gap="5"
      onSubmit={(e: FormEvent) => void send('mail', e)}
      aria-label="Market Data report"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {admin && (
          <Field.Root>
            <Field.Label>From month</Field.Label>
            <Input type="month" value={fromMonth} onChange={(e) => setFromMonth(e.target.value)} />
          </Field.Root>
        )}
        <Field.Root>
          <Field.Label>{admin ? 'To month' : 'Month'}</Field.Label>
          <Input type="month" value={toMonth} onChange={(e) => setToMonth(e.target.value)} />
          {endNote && <Field.HelperText>{endNote}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>Universe</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={universeId} onChange={(e) => setUniverse(Number(e.target.value))}>
              <option value={0}>All</option>
              {(universes ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Report</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={reportType}
              onChange={(e) => setReportType(e.target.value as MarketDataReportType)}
            >
              <option value="scored">Scored opportunities</option>
              <option value="performance">Performance (unscored)</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>

      <Box as="fieldset" minW="0">
        <Text as="legend" fontWeight="medium" mb="2">
          Sectors
        </Text>
        <Flex gap="3" wrap="wrap">
          <Check
            label="All sectors"
            checked={chosen.length === sectors.length}
            onChange={(on) => setChosen(on ? sectors.map((s) => s.id) : [])}
          />
          {sectors.map((sector) => (
            <Check
              key={sector.id}
              label={sectorDisplayName(sector.name)}
              checked={chosen.includes(sector.id)}
              onChange={() => toggle(sector.id)}
            />
          ))}
        </Flex>
      </Box>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <RangeField label="Market cap" value={marketCap} onChange={setMarketCap} />
        <RangeField label="Beta" value={beta} onChange={setBeta} />
        <RangeField label="Volume" value={volume} onChange={setVolume} />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 2, md: 6 }} gap="4">
        <Field.Root>
          <Field.Label>Symbols per sector</Field.Label>
          <Input
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value.replace(/\D/g, '').slice(0, 3))}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Days to earning</Field.Label>
          <Input
            inputMode="numeric"
            maxLength={3}
            value={daysToEarning}
            onChange={(e) => setDaysToEarning(e.target.value.replace(/\D/g, ''))}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Min EPS</Field.Label>
          <Input
            inputMode="decimal"
            maxLength={10}
            value={minEps}
            onChange={(e) => setMinEps(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Min ROE %</Field.Label>
          <Input
            inputMode="decimal"
            maxLength={10}
            value={minRoe}
            onChange={(e) => setMinRoe(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Min upside %</Field.Label>
          <Input
            inputMode="decimal"
            maxLength={10}
            value={minUpside}
            onChange={(e) => setMinUpside(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Tickers</Field.Label>
          <Input
            placeholder="all"
            value={tickers}
            onChange={(e) => setTickers(e.target.value.toUpperCase())}
          />
        </Field.Root>
      </SimpleGrid>

      <Flex gap="4" wrap="wrap">
        <Check label="Filter ADR" checked={filterAdr} onChange={setFilterAdr} />
        <Check label="Remove if any short" checked={removeIfAnyShort} onChange={setRemoveIfAnyShort} />
        <Check label="Exclude no ratings" checked={excludeNoRatings} onChange={setExcludeNoRatings} />
      </Flex>

      {admin && (
        <Collapsible.Root>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="sm" alignSelf="start">
              Analyst team and score weights
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Stack gap="4" pt="3">
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
                <Field.Root>
                  <Field.Label>Team threshold</Field.Label>
                  <Input
                    inputMode="numeric"
                    value={team.threshold}
                    onChange={(e) => setTeam({ ...team, threshold: e.target.value })}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Min ratio</Field.Label>
                  <Input
                    inputMode="decimal"
                    value={team.ratio}
                    onChange={(e) => setTeam({ ...team, ratio: e.target.value })}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Min month avg</Field.Label>
                  <Input
                    inputMode="decimal"
                    value={team.monthAvg}
                    onChange={(e) => setTeam({ ...team, monthAvg: e.target.value })}
                  />
                </Field.Root>
              </SimpleGrid>
              <SimpleGrid columns={{ base: 2, sm: 4, lg: 8 }} gap="3">
                {scoreFactorNames.map((name) => (
                  <Field.Root key={name}>
                    <Field.Label fontSize="xs">{name}</Field.Label>
                    <Input
                      size="sm"
                      inputMode="decimal"
                      value={weights[name]}
                      onChange={(e) => {
                        if (weightText.test(e.target.value))
                          setWeights({ ...weights, [name]: e.target.value });
                      }}
                    />
                  </Field.Root>
                ))}
              </SimpleGrid>
            </Stack>
          </Collapsible.Content>
        </Collapsible.Root>
      )}

      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root flex="1" minW={{ base: 'full', sm: '64' }}>
          <Field.Label>E-mail</Field.Label>
          <Input
            type="email"
            maxLength={reportLimits.mail}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="name@example.com"
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          loading={busy}
          disabled={chosen.length === 0 || email.trim() === ''}
        >
          Send by mail
        </Button>
        <Button
          variant="outline"
          loading={busy}
          disabled={!downloadable}
          onClick={() => void send('download')}
          title={
            downloadable
              ? undefined
              : 'Choose fewer than 10 sectors, a universe other than All, or an unscored report'
          }
        >
          Download
        </Button>
      </Flex>
      <FormProblem message={problem} />
    </Stack>
  );
}
