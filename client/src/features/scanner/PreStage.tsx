import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Field,
  Flex,
  HStack,
  Input,
  Link,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { maxSymbolsPerSector, sectors, sectorDisplayName, type ScannerSetting } from '@insight/shared';
import { useEffect, useRef, useState } from 'react';

export interface SectorChoice {
  id: number;
  name: string;
  count: number;
}

export interface PreState {
  settingId: number | null;
  universeId: number | null;
  responsive: boolean;
  sectors: SectorChoice[];
}

interface Props {
  state: PreState;
  onChange(state: PreState): void;
  settings: ScannerSetting[] | null;
  universes: { id: number; name: string; tickers_count: number }[] | null;
  onEdit(id: number): void;
  onCreate(): void;
  onNext(): void;
}

/** Spec 002 §5: a non-negative integer, capped at 500 (the field then flashes red for a second). */
export function capCount(text: string): { value: string; capped: boolean } {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return { value: '', capped: false };
  const n = Number(digits);
  return n > maxSymbolsPerSector
    ? { value: String(maxSymbolsPerSector), capped: true }
    : { value: String(n), capped: false };
}

/** The pre stage (spec 002 §2.3): setting, universe, responsiveness, the sectors with their counts, Next. */
export function PreStage({ state, onChange, settings, universes, onEdit, onCreate, onNext }: Props) {
  const [sectorId, setSectorId] = useState('');
  const [count, setCount] = useState('20');
  const [flash, setFlash] = useState(false);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const available = sectors.filter((sector) => !state.sectors.some((chosen) => chosen.id === sector.id));
  const canAdd = sectorId !== '' && Number(count) > 0;
  const add = (ids: number[]) => {
    const n = Number(count) || 20;
    const added = ids
      .map((id) => sectors.find((sector) => sector.id === id)!)
      .map((sector) => ({ id: sector.id, name: sector.name, count: n }));
    onChange({ ...state, sectors: [...state.sectors, ...added].sort((a, b) => a.id - b.id) });
    setSectorId('');
  };

  return (
    <Stack gap="5">
      <Text color="fg.muted" maxW="3xl">
        Find the stocks the best analysts of each sector rate buy, filtered by your settings and ranked by the
        opportunity score: analyst team data, risk, momentum and fundamentals.
      </Text>

      <Flex gap="4" wrap="wrap" align="flex-end">
        <Field.Root flex="1 1 16rem" minW="0">
          <Field.Label>Settings</Field.Label>
          <HStack w="full">
            <NativeSelect.Root size="sm" flex="1" minW="0">
              <NativeSelect.Field
                aria-label="Settings"
                value={state.settingId ?? ''}
                onChange={(event) =>
                  onChange({
                    ...state,
                    settingId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
                  })
                }
              >
                <option value="">Default settings</option>
                {(settings ?? []).map((setting) => (
                  <option key={setting.id} value={setting.id}>
                    {setting.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button
              size="sm"
              variant="outline"
              disabled={state.settingId === null}
              onClick={() => onEdit(state.settingId!)}
            >
              Edit
            </Button>
          </HStack>
          <Link asChild fontSize="sm" color="brand.fg" mt="1">
            <button type="button" onClick={onCreate}>
              Create new Settings
            </button>
          </Link>
        </Field.Root>

        <Field.Root flex="1 1 16rem" minW="0">
          <Field.Label>Universe</Field.Label>
          <NativeSelect.Root size="sm" disabled={universes === null}>
            <NativeSelect.Field
              aria-label="Universe"
              value={state.universeId ?? ''}
              onChange={(event) => onChange({ ...state, universeId: Number(event.currentTarget.value) })}
            >
              {universes === null && <option value="">Loading…</option>}
              {(universes ?? []).map((universe) => (
                <option key={universe.id} value={universe.id}>
                  {universe.name} ({universe.tickers_count})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Box h="6" />
        </Field.Root>
      </Flex>

      <Checkbox.Root
        checked={state.responsive}
        onCheckedChange={(details) => onChange({ ...state, responsive: details.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Responsive: show each sector as soon as it is ready</Checkbox.Label>
      </Checkbox.Root>

      <Box borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }} bg="bg.panel">
        <Text fontWeight="semibold" mb="3">
          Sectors
        </Text>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Field.Root flex="1 1 14rem" minW="0">
            <Field.Label>Sector</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label="Sector"
                value={sectorId}
                onChange={(event) => setSectorId(event.currentTarget.value)}
              >
                <option value="">Choose a sector</option>
                {available.map((sector) => (
                  <option key={sector.id} value={sector.id}>
                    {sector.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w="9rem" invalid={flash}>
            <Field.Label>Symbols per sector</Field.Label>
            <Input
              size="sm"
              inputMode="numeric"
              aria-label="Symbols per sector"
              value={count}
              borderColor={flash ? 'red.solid' : undefined}
              bg={flash ? 'red.subtle' : undefined}
              transition="background 0.2s"
              onChange={(event) => {
                const { value, capped } = capCount(event.currentTarget.value);
                setCount(value);
                if (capped) {
                  setFlash(true);
                  clearTimeout(flashTimer.current);
                  flashTimer.current = setTimeout(() => setFlash(false), 1000);
                }
              }}
            />
          </Field.Root>
          <Button size="sm" colorPalette="brand" disabled={!canAdd} onClick={() => add([Number(sectorId)])}>
            Add sector
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={available.length === 0 || !(Number(count) > 0)}
            onClick={() => add(available.map((s) => s.id))}
          >
            Add all sectors
          </Button>
        </Flex>

        {state.sectors.length === 0 ? (
          <Text mt="4" fontSize="sm" color="fg.muted">
            No sector chosen yet: choose one and how many symbols it should list.
          </Text>
        ) : (
          <Stack as="ul" aria-label="Chosen sectors" mt="4" gap="1" listStyleType="none">
            {state.sectors.map((sector) => (
              <HStack as="li" key={sector.id} justify="space-between" borderBottomWidth="1px" py="1">
                <Text>
                  {sectorDisplayName(sector.name)}{' '}
                  <Text as="span" color="fg.muted">
                    · {sector.count} symbols
                  </Text>
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${sector.name}`}
                  onClick={() =>
                    onChange({ ...state, sectors: state.sectors.filter((s) => s.id !== sector.id) })
                  }
                />
              </HStack>
            ))}
          </Stack>
        )}
      </Box>

      <Flex justify="flex-end">
        <Button
          colorPalette="brand"
          disabled={state.sectors.length === 0 || state.universeId === null}
          onClick={onNext}
        >
          Next
        </Button>
      </Flex>
    </Stack>
  );
}
