import { Code, Field, Flex, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { AuditEntry, AuditQuery } from '@insight/shared';
import { useState } from 'react';
import { adminCalls } from './api';
import { formatMoment } from './format';
import { PagedFrame } from './PagedFrame';
import { Pill } from './ListPage';
import { useLoaded } from './usePaged';

const pageSize = 25;

/** The fields an entry changed, with their values before and after. */
function changes(entry: AuditEntry): Array<{ field: string; before: string; after: string }> {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const show = (value: unknown) =>
    value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}

const actionTone = { create: 'brand', update: 'blue', delete: 'red' } as const;

/** /manage/audit: who changed what and when, with before and after; filtered by user and by date. */
export function AuditLogPage() {
  const [query, setQuery] = useState<AuditQuery & { page: number }>({ page: 1, page_size: pageSize });
  const [state, reload] = useLoaded(
    query,
    adminCalls.auditLog,
    'Could not load the audit log. Please try again.',
  );
  const shown = state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.last : null;
  const set = (change: Partial<AuditQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root w={{ base: 'full', sm: '64' }}>
          <Field.Label fontSize="sm">Changed by</Field.Label>
          <NativeSelect.Root size="sm" bg="bg.panel">
            <NativeSelect.Field
              name="actor"
              value={query.actor_id ?? ''}
              onChange={(e) => set({ actor_id: e.target.value === '' ? undefined : Number(e.target.value) })}
            >
              <option value="">Everyone</option>
              {(shown?.actors ?? []).map((actor) => (
                <option key={actor.id} value={actor.id}>
                  {actor.email}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label fontSize="sm">From</Field.Label>
          <Input
            size="sm"
            type="date"
            bg="bg.panel"
            value={query.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label fontSize="sm">To</Field.Label>
          <Input
            size="sm"
            type="date"
            bg="bg.panel"
            value={query.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </Field.Root>
      </Flex>

      <PagedFrame
        state={state}
        reload={reload}
        noun="audit log"
        countNoun="changes"
        page={query.page}
        pageSize={pageSize}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      >
        {(shown) => (
          <Table.Root size="sm" aria-label="Audit log">
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>What</Table.ColumnHeader>
                <Table.ColumnHeader>Changes (before → after)</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.data.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={4} py="10" textAlign="center" color="fg.muted">
                    No changes recorded under these filters.
                  </Table.Cell>
                </Table.Row>
              )}
              {shown.data.map((entry) => (
                <Table.Row key={entry.id} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap">{formatMoment(entry.at)}</Table.Cell>
                  <Table.Cell wordBreak="break-word" minW="40">
                    {entry.actor.email ?? 'system'}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <Pill tone={actionTone[entry.action as keyof typeof actionTone] ?? 'gray'}>
                      {entry.action}
                    </Pill>{' '}
                    {entry.entity} #{entry.entity_id}
                  </Table.Cell>
                  <Table.Cell minW="64">
                    <Stack gap="1">
                      {changes(entry)
                        .slice(0, 8)
                        .map((change) => (
                          <Text key={change.field} fontSize="xs" wordBreak="break-word">
                            <Code fontSize="xs">{change.field}</Code>{' '}
                            <Text
                              as="span"
                              color="fg.muted"
                              textDecoration={entry.before ? 'line-through' : undefined}
                            >
                              {change.before.slice(0, 120)}
                            </Text>{' '}
                            → {change.after.slice(0, 120)}
                          </Text>
                        ))}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </PagedFrame>
    </Stack>
  );
}
