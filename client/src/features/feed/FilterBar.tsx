import { Badge, Box, Button, Flex, Tag, Text } from '@chakra-ui/react';
import type { FilterChip } from './filterLabels';
import { FilterIcon } from './icons';

interface FilterBarProps {
  /** Alerts passing the filters, and all current alerts; null while the feed loads. */
  shownCount: number | null;
  totalCount: number | null;
  chips: readonly FilterChip[];
  onOpen: () => void;
  onReset: () => void;
  onRemove: (key: FilterChip['key']) => void;
}

/** The live feed's filter bar: the panel's button, how many alerts show, the active filters, Reset. */
export function FilterBar({ shownCount, totalCount, chips, onOpen, onReset, onRemove }: FilterBarProps) {
  const active = chips.length > 0;
  return (
    <Box
      as="section"
      aria-label="Alert filters"
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      shadow="xs"
      px={{ base: '3', md: '4' }}
      py="2.5"
    >
      <Flex align="center" gap={{ base: '2', md: '3' }} wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Button
          variant="outline"
          size="sm"
          onClick={onOpen}
          aria-haspopup="dialog"
          flexShrink={0}
          aria-label={active ? `Filters, ${chips.length} active` : 'Filters'}
        >
          <FilterIcon />
          Filters
          {active && (
            <Badge
              colorPalette="brand"
              variant="solid"
              size="xs"
              rounded="full"
              minW="5"
              justifyContent="center"
            >
              {chips.length}
            </Badge>
          )}
        </Button>
        <Text
          fontSize="sm"
          color="fg.muted"
          whiteSpace="nowrap"
          flex={{ base: '1', md: '0 0 auto' }}
          aria-live="polite"
          fontVariantNumeric="tabular-nums"
        >
          {shownCount === null || totalCount === null
            ? 'Loading alerts…'
            : active
              ? `${shownCount} of ${totalCount} alerts`
              : `${totalCount} ${totalCount === 1 ? 'alert' : 'alerts'}`}
        </Text>
        {active && (
          <Flex
            as="ul"
            aria-label="Active filters"
            listStyleType="none"
            gap="1.5"
            minW="0"
            flex="1"
            order={{ base: 3, md: 0 }}
            flexBasis={{ base: '100%', md: 'auto' }}
            overflowX="auto"
            py="0.5"
            css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
          >
            {chips.map((chip) => (
              <Box as="li" key={chip.key} flexShrink={0}>
                <Tag.Root size="md" variant="subtle" colorPalette="brand" rounded="full">
                  <Tag.Label>{chip.label}</Tag.Label>
                  <Tag.EndElement>
                    <Tag.CloseTrigger
                      aria-label={`Remove filter ${chip.label}`}
                      onClick={() => onRemove(chip.key)}
                    />
                  </Tag.EndElement>
                </Tag.Root>
              </Box>
            ))}
          </Flex>
        )}
        {!active && <Box flex="1" display={{ base: 'none', md: 'block' }} />}
        {active && (
          <Button
            variant="ghost"
            size="sm"
            color="brand.fg"
            fontWeight="semibold"
            onClick={onReset}
            flexShrink={0}
          >
            Reset
          </Button>
        )}
      </Flex>
    </Box>
  );
}
