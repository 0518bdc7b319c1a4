import { Box, Button, DataList, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import type { CompanyProfile, Stock } from '@insight/shared';
import { useId, useState } from 'react';
import { formatCalendarDate } from './format';
import { Panel } from './Panel';

/** Longer descriptions open folded to a few lines, with a toggle to read them whole. */
const foldAfterCharacters = 320;

const sessions = { bmo: 'before the open', amc: 'after the close' } as const;

/** The company description (spec 000 §2) with the profile's reference facts. */
export function CompanyAbout({ stock, profile }: { stock: Stock; profile: CompanyProfile }) {
  const description = (stock.comp_desc || profile.description).trim();
  const long = description.length > foldAfterCharacters;
  const [open, setOpen] = useState(false);
  const textId = useId();
  const name = stock.comp_name_2 || profile.short_name || stock.symbol;

  return (
    <Panel id="company-about-title" title={`About ${name}`}>
      <Stack gap="4">
        {description === '' ? (
          <Text color="fg.muted">No description of {name} yet.</Text>
        ) : (
          <Box>
            <Text
              id={textId}
              color="fg"
              fontSize="sm"
              lineHeight="tall"
              lineClamp={long && !open ? 4 : undefined}
            >
              {description}
            </Text>
            {long && (
              <Button
                variant="plain"
                size="sm"
                px="0"
                color="brand.fg"
                aria-expanded={open}
                aria-controls={textId}
                onClick={() => setOpen((value) => !value)}
              >
                {open ? 'Show less' : 'Read more'}
              </Button>
            )}
          </Box>
        )}
        <DataList.Root orientation="horizontal" size="sm" gap="2.5">
          {profile.industry && <Fact label="Industry" value={profile.industry} />}
          {profile.next_earnings && (
            <Fact
              label="Next earnings"
              value={`${formatCalendarDate(profile.next_earnings.date)}, ${sessions[profile.next_earnings.session]}`}
            />
          )}
          {profile.kind === 'etf' && <Fact label="Kind" value="Exchange-traded fund" />}
        </DataList.Root>
        {profile.indexes.length > 0 && (
          <HStack gap="1.5" wrap="wrap" aria-label="Indexes">
            {profile.indexes.map((index) => (
              <Tag.Root key={index} size="sm" variant="subtle" colorPalette="brand">
                <Tag.Label>{index}</Tag.Label>
              </Tag.Root>
            ))}
          </HStack>
        )}
      </Stack>
    </Panel>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
