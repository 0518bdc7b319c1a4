import { Badge, Button, Flex, Input, InputGroup, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PlusIcon, SearchIcon } from '../../components/ui/icons';
import type { ListQuery } from './api';
import { PagedFrame } from './PagedFrame';
import { initialQuery, useLoaded } from './usePaged';

export interface Column<Row> {
  key: string;
  label: string;
  /** The server's sort key, when the column sorts. */
  sort?: string;
  render: (row: Row) => ReactNode;
  /** Left out on phones, where the first columns say enough. */
  wide?: boolean;
  numeric?: boolean;
}

interface ListPageProps<Row> {
  /** What the list holds, for labels: "accounts". */
  noun: string;
  columns: Column<Row>[];
  fetch: (query: ListQuery, signal: AbortSignal) => Promise<{ data: Row[]; total: number }>;
  defaultSort: string;
  rowKey: (row: Row) => string | number;
  /** Where a row leads (its edit page). */
  rowLink?: (row: Row) => string;
  newLink?: { to: string; label: string };
  searchLabel: string;
}

const failed = 'Could not load this list. Please try again.';

/** A manage list (spec 002 §2.7): paged, searched and sorted on the server; a row opens its edit page. */
export function ListPage<Row>({
  noun,
  columns,
  fetch,
  defaultSort,
  rowKey,
  rowLink,
  newLink,
  searchLabel,
}: ListPageProps<Row>) {
  const [query, setQuery] = useState<ListQuery>(initialQuery(defaultSort));
  const [state, reload] = useLoaded(query, fetch, failed, query.search === '' ? 0 : 250);
  const navigate = useNavigate();

  function sortBy(sort: string) {
    setQuery((q) => ({ ...q, sort, dir: q.sort === sort && q.dir === 'asc' ? 'desc' : 'asc', page: 1 }));
  }

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <InputGroup startElement={<SearchIcon />} maxW={{ base: 'full', sm: 'sm' }} flex="1">
          <Input
            type="search"
            aria-label={searchLabel}
            placeholder={searchLabel}
            maxLength={100}
            bg="bg.panel"
            value={query.search}
            onChange={(event) => {
              const search = event.target.value;
              setQuery((q) => ({ ...q, search, page: 1 }));
            }}
          />
        </InputGroup>
        {newLink && (
          <Button asChild size="sm">
            <RouterLink to={newLink.to}>
              <PlusIcon /> {newLink.label}
            </RouterLink>
          </Button>
        )}
      </Flex>

      <PagedFrame
        state={state}
        reload={reload}
        noun={noun}
        countNoun={noun}
        page={query.page}
        pageSize={query.page_size}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      >
        {(shown) => (
          <Table.Root size="sm" interactive={rowLink !== undefined} aria-label={noun}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                {columns.map((column) => (
                  <Table.ColumnHeader
                    key={column.key}
                    hideBelow={column.wide ? 'md' : undefined}
                    textAlign={column.numeric ? 'end' : undefined}
                    aria-sort={
                      column.sort && query.sort === column.sort
                        ? query.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sort ? (
                      <Button
                        variant="plain"
                        size="xs"
                        px="0"
                        fontWeight="semibold"
                        onClick={() => sortBy(column.sort!)}
                      >
                        {column.label}
                        <Text as="span" aria-hidden color="fg.muted" w="3">
                          {query.sort === column.sort ? (query.dir === 'asc' ? '▲' : '▼') : ''}
                        </Text>
                      </Button>
                    ) : (
                      column.label
                    )}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.data.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={columns.length} py="10" textAlign="center" color="fg.muted">
                    {query.search === '' ? `No ${noun} yet.` : `No ${noun} match “${query.search}”.`}
                  </Table.Cell>
                </Table.Row>
              )}
              {shown.data.map((row) => (
                <Table.Row
                  key={rowKey(row)}
                  cursor={rowLink ? 'pointer' : undefined}
                  onClick={rowLink ? () => void navigate(rowLink(row)) : undefined}
                >
                  {columns.map((column, index) => (
                    <Table.Cell
                      key={column.key}
                      hideBelow={column.wide ? 'md' : undefined}
                      textAlign={column.numeric ? 'end' : undefined}
                      maxW="72"
                    >
                      {index === 0 && rowLink ? (
                        <RouterLink to={rowLink(row)} onClick={(event) => event.stopPropagation()}>
                          <Text as="span" fontWeight="medium" color="brand.fg" wordBreak="break-word">
                            {column.render(row)}
                          </Text>
                        </RouterLink>
                      ) : (
                        column.render(row)
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </PagedFrame>
    </Stack>
  );
}

/** A small coloured label in a list cell. */
export function Pill({
  children,
  tone,
}: {
  children: ReactNode;
  tone: 'brand' | 'orange' | 'red' | 'gray' | 'blue';
}) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={tone}>
      {children}
    </Badge>
  );
}
