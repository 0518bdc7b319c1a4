import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { sectorDisplayName, type ProfileSector } from '@insight/shared';
import { PlusIcon } from '../../../components/ui/icons';

interface SectorMenuProps {
  sectors: ProfileSector[];
  selected: number | null;
  unsaved: ReadonlySet<number>;
  canAdd: boolean;
  onSelect: (sectorId: number | null) => void;
  onAdd: () => void;
}

/** Spec 000 §2: the profile's sectors in a side menu (a wrapping row of chips on a phone). */
export function SectorMenu({ sectors, selected, unsaved, canAdd, onSelect, onAdd }: SectorMenuProps) {
  return (
    <Stack
      as="nav"
      aria-label="Sectors"
      gap="2"
      bg={{ base: 'transparent', lg: 'bg.panel' }}
      borderWidth={{ base: '0', lg: '1px' }}
      borderColor="border"
      rounded="xl"
      p={{ base: '0', lg: '3' }}
      shadow={{ base: 'none', lg: 'xs' }}
      position={{ lg: 'sticky' }}
      top={{ lg: '4' }}
    >
      <Text
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="wider"
        color="fg.muted"
        px="2"
        display={{ base: 'none', lg: 'block' }}
      >
        Sectors
      </Text>
      <Flex as="ul" listStyleType="none" direction={{ base: 'row', lg: 'column' }} wrap="wrap" gap="1">
        <Box as="li">
          <MenuButton active={selected === null} onClick={() => onSelect(null)} label="Overview" detail="" />
        </Box>
        {sectors.map((sector) => (
          <Box as="li" key={sector.id}>
            <MenuButton
              active={selected === sector.id}
              onClick={() => onSelect(sector.id)}
              label={sectorDisplayName(sector.name)}
              detail={`${sector.symbol}${unsaved.has(sector.id) ? ' · unsaved' : ''}`}
            />
          </Box>
        ))}
      </Flex>
      {sectors.length === 0 && (
        <Text fontSize="sm" color="fg.muted" px="2">
          No sectors yet.
        </Text>
      )}
      {canAdd && (
        <Button size="sm" variant="outline" onClick={onAdd} alignSelf={{ base: 'start', lg: 'stretch' }}>
          <PlusIcon /> Add sector
        </Button>
      )}
    </Stack>
  );
}

function MenuButton({
  active,
  label,
  detail,
  onClick,
}: {
  active: boolean;
  label: string;
  detail: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      size="sm"
      w={{ lg: 'full' }}
      justifyContent="space-between"
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
      gap="3"
    >
      <Text as="span" truncate>
        {label}
      </Text>
      {detail && (
        <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
          {detail}
        </Text>
      )}
    </Button>
  );
}
