import { Box, Button, Flex, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import type { Portfolio, Position } from '@insight/shared';
import type { ReactNode } from 'react';
import { portfolioCalls } from './api';
import {
  ChevronDownIcon,
  CloseCircleIcon,
  DownloadIcon,
  ListCheckIcon,
  MoreIcon,
  PlusIcon,
  ResetIcon,
  TrashIcon,
  WalletIcon,
} from './icons';
import { PortfolioToolbarExtras } from './PortfolioToolbarExtras';

interface ToolbarProps {
  portfolio: Portfolio;
  selected: readonly Position[];
  onClose: () => void;
  onDelete: () => void;
  onSetFunds: () => void;
  onAddPosition: () => void;
  onReset: () => void;
}

/**
 * Spec 001 §2 "Toolbar": Get Actions, Close and Delete for the selected rows, Set funds, Add
 * position, Download, and the monitor's slot (PortfolioToolbarExtras).
 */
export function PortfolioToolbar({
  portfolio,
  selected,
  onClose,
  onDelete,
  onSetFunds,
  onAddPosition,
  onReset,
}: ToolbarProps) {
  const none = selected.length === 0;
  const symbols = [...new Set(selected.map((position) => position.symbol))];
  return (
    <Flex
      role="toolbar"
      aria-label="Portfolio actions"
      gap="2"
      wrap="wrap"
      align="center"
      justify="space-between"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      px="3"
      py="2"
    >
      <HStack gap="1.5" wrap="wrap">
        <DownloadMenu
          label="Get Actions"
          icon={<ListCheckIcon />}
          title={none ? 'Future actions of every symbol' : `Future actions of ${symbols.join(', ')}`}
          urlOf={(format) => portfolioCalls.downloadActionsUrl(portfolio.id, format, symbols)}
        />
        <Button size="sm" variant="ghost" disabled={none} onClick={onClose}>
          <CloseCircleIcon />
          Close
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={none}
          onClick={onDelete}
          color={none ? undefined : 'danger.fg'}
        >
          <TrashIcon />
          Delete
        </Button>
        {!none && (
          <Box as="span" fontSize="xs" color="fg.muted" px="1" aria-live="polite">
            {selected.length} selected
          </Box>
        )}
      </HStack>
      <HStack gap="1.5" wrap="wrap">
        <Button size="sm" variant="outline" onClick={onSetFunds}>
          <WalletIcon />
          Set funds
        </Button>
        <Button size="sm" onClick={onAddPosition}>
          <PlusIcon />
          Add position
        </Button>
        <DownloadMenu
          label="Download"
          icon={<DownloadIcon />}
          title="Open and closed positions"
          urlOf={(format) => portfolioCalls.downloadPositionsUrl(portfolio.id, format)}
        />
        <PortfolioToolbarExtras portfolio={portfolio} />
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(details) => details.value === 'reset' && onReset()}
        >
          <Menu.Trigger asChild>
            <IconButton aria-label="More portfolio actions" size="sm" variant="ghost">
              <MoreIcon />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                <Menu.Item value="reset" color="danger.fg" _highlighted={{ bg: 'danger.subtle' }}>
                  <ResetIcon />
                  Reset portfolio
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}

/** A download as page navigation (spec 001 §7): CSV or Excel. */
function DownloadMenu({
  label,
  icon,
  title,
  urlOf,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  urlOf: (format: 'csv' | 'xlsx') => string;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" title={title}>
          {icon}
          {label}
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel fontSize="xs" color="fg.muted">
                {title}
              </Menu.ItemGroupLabel>
              <Menu.Item value="csv" asChild>
                <a href={urlOf('csv')} download>
                  CSV
                </a>
              </Menu.Item>
              <Menu.Item value="xlsx" asChild>
                <a href={urlOf('xlsx')} download>
                  Excel
                </a>
              </Menu.Item>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
