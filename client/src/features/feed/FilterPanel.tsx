import { Box, Button, Field, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import type { Alert, AlertFacets, FilterSet, ProfileRef } from '@insight/shared';
import { FilterBacktestButton } from '../backtest/FilterBacktestButton';
import {
  checkboxOptions,
  inWatchlistOptions,
  isGroupShown,
  isRangeActive,
  sliderBounds,
  type ListKey,
  type QuoteBook,
  type RangeKey,
} from '@insight/shared/alerts/filter';
import { useId, useMemo, useState } from 'react';
import { CheckboxFilter, type CheckboxOption } from './CheckboxFilter';
import { filterTitles, formatRangeEnd, marketCapScale, positionLabels } from './filterLabels';
import { RangeFilter } from './RangeFilter';

export interface ProfileChoice {
  profiles: readonly ProfileRef[];
  /** The profile whose alerts the feed shows. */
  current: number | null;
  switching: boolean;
  onChoose: (profileId: number) => void;
}

export interface FilterPanelProps {
  /** The current alerts: they decide the sliders' bounds and the groups' options. */
  alerts: readonly Alert[];
  quotes: QuoteBook;
  followed: ReadonlySet<string>;
  filters: FilterSet;
  onChange: (filters: FilterSet) => void;
  /** Admins only: the profile dropdown. */
  profile: ProfileChoice | null;
  /**
   * The server's counts over every alert the user can reach, when `alerts` holds only the first
   * pages: the groups' options and counts then come from them.
   */
  facets?: AlertFacets | null;
}

/** Spec 000 §3: a profile name shows capitalised, with underscores turned into spaces. */
export const profileDisplayName = (name: string) =>
  name.replace(/_/g, ' ').replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());

const mainSliders: readonly RangeKey[] = ['market_cap', 'beta', 'pe_ratio_12m', 'rate'];
const moreSliders: readonly RangeKey[] = ['upside', 'lastPrice'];

/** The alert filter panel's contents (spec 000 §2 "Alert filter panel"); changes apply at once. */
export function FilterPanel({
  alerts,
  quotes,
  followed,
  filters,
  onChange,
  profile,
  facets = null,
}: FilterPanelProps) {
  const bounds = useMemo(() => sliderBounds(alerts, quotes), [alerts, quotes]);
  const scale = useMemo(() => marketCapScale(alerts), [alerts]);
  const groups = useMemo(
    () => (facets ? facetGroups(facets, followed) : checkboxGroups(alerts, followed)),
    [alerts, followed, facets],
  );
  const [moreSlidersOpen, setMoreSlidersOpen] = useState(
    () => isRangeActive('upside', filters.upside) || isRangeActive('lastPrice', filters.lastPrice),
  );
  const moreId = useId();

  const slider = (key: RangeKey) => (
    <RangeFilter
      key={key}
      filterKey={key}
      title={filterTitles[key]}
      bounds={bounds[key]}
      value={filters[key]}
      reversed={key === 'market_cap'}
      format={(value) => formatRangeEnd(key, value, scale)}
      onChange={(range) => onChange({ ...filters, [key]: range })}
    />
  );

  return (
    <Stack gap="6">
      {profile && <ProfileSelect {...profile} />}

      <Stack gap="5">
        {mainSliders.map(slider)}
        {moreSlidersOpen && (
          <Stack gap="5" id={moreId}>
            {moreSliders.map(slider)}
          </Stack>
        )}
        <Box mt="-2">
          <Button
            variant="plain"
            size="xs"
            px="0"
            h="auto"
            py="1"
            color="brand.fg"
            fontWeight="semibold"
            aria-expanded={moreSlidersOpen}
            aria-controls={moreId}
            onClick={() => setMoreSlidersOpen(!moreSlidersOpen)}
          >
            {moreSlidersOpen ? 'see less' : 'see more'}
          </Button>
        </Box>
      </Stack>

      {groups.map(({ key, options }) => {
        const chosen = filters[key] as readonly string[];
        // A group with fewer than 2 distinct values is hidden, unless it holds a choice to undo.
        if (!isGroupShown(options) && chosen.length === 0) return null;
        return (
          <Stack key={key} gap="5">
            <Separator />
            <CheckboxFilter
              title={filterTitles[key]}
              options={options}
              chosen={chosen}
              onChange={(next) => onChange({ ...filters, [key]: next })}
            />
          </Stack>
        );
      })}
      <FilterBacktestButton filters={filters} />
    </Stack>
  );
}

function ProfileSelect({ profiles, current, switching, onChoose }: ProfileChoice) {
  const none = profiles.length === 0;
  return (
    <Field.Root disabled={none || switching}>
      <Field.Label fontWeight="medium">Profile</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={none ? '' : String(current ?? '')}
          onChange={(event) => onChoose(Number(event.currentTarget.value))}
        >
          {none ? (
            <option value="">No profile available</option>
          ) : (
            profiles.map((option) => (
              <option key={option.id} value={option.id}>
                {profileDisplayName(option.name)}
              </option>
            ))
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {switching && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          Opening the profile…
        </Text>
      )}
    </Field.Root>
  );
}

interface Group {
  key: ListKey;
  options: CheckboxOption[];
}

/** The five checkbox groups from the server's counts over every alert the user can reach. */
function facetGroups(facets: AlertFacets, followed: ReadonlySet<string>): Group[] {
  let watched = 0;
  for (const [symbol, count] of Object.entries(facets.symbols)) if (followed.has(symbol)) watched += count;
  const watchCounts: Record<string, number> = {
    'In Watchlist': watched,
    'Not In Watchlist': facets.total - watched,
  };
  const group = (
    key: ListKey,
    counts: Record<string, number>,
    values: readonly string[],
    label: (value: string) => string = (value) => value,
  ) => ({
    key,
    options: values
      .filter((value) => (counts[value] ?? 0) > 0)
      .map((value) => ({ value, label: label(value), count: counts[value]! })),
  });
  const sorted = (counts: Record<string, number>) => Object.keys(counts).sort((a, b) => a.localeCompare(b));
  return [
    group('universes', facets.universes, sorted(facets.universes)),
    group('rating', facets.rating, ['sell', 'buy'], (value) => positionLabels[value as 'buy' | 'sell']),
    group('inWatchlist', watchCounts, inWatchlistOptions),
    group('sector_name', facets.sector_name, sorted(facets.sector_name)),
    group('analyst_name', facets.analyst_name, sorted(facets.analyst_name)),
  ];
}

/** The five checkbox groups in the panel's order, each option with its count of current alerts. */
function checkboxGroups(alerts: readonly Alert[], followed: ReadonlySet<string>): Group[] {
  const values = checkboxOptions(alerts, followed);
  const counts = new Map<string, number>();
  const add = (key: ListKey, value: string | null) => {
    if (value === null) return;
    const id = `${key}:${value}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for (const alert of alerts) {
    for (const universe of new Set(alert.universes)) add('universes', universe);
    add('rating', alert.rating);
    add('inWatchlist', followed.has(alert.symbol) ? 'In Watchlist' : 'Not In Watchlist');
    add('sector_name', alert.sector_name);
    add('analyst_name', alert.analyst_name);
  }
  const group = (
    key: ListKey,
    list: readonly string[],
    label: (value: string) => string = (value) => value,
  ) => ({
    key,
    options: list.map((value) => ({ value, label: label(value), count: counts.get(`${key}:${value}`) ?? 0 })),
  });
  return [
    group('universes', values.universes),
    group('rating', values.rating, (value) => positionLabels[value as 'buy' | 'sell']),
    group('inWatchlist', values.inWatchlist),
    group('sector_name', values.sector_name),
    group('analyst_name', values.analyst_name),
  ];
}
