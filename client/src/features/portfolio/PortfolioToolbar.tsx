import { Box, Button, Flex, HStack, Menu, Portal } from '@chakra-ui/react';
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
          wideOnly
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
        <Button
          size="sm"
          variant="outline"
          onClick={onSetFunds}
          display={{ base: 'none', md: 'inline-flex' }}
        >
          <WalletIcon />
          Set funds
        </Button>
        <Button size="sm" onClick={onAddPosition}>
          <PlusIcon />
          Add position
        </Button>
        <DownloadMenu
          wideOnly
          label="Download"
          icon={<DownloadIcon />}
          title="Open and closed positions"
          urlOf={(format) => portfolioCalls.downloadPositionsUrl(portfolio.id, format)}
        />
        <PortfolioToolbarExtras portfolio={portfolio} />
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(details) => {
            if (details.value === 'reset') onReset();
            else if (details.value === 'funds') onSetFunds();
          }}
        >
          <Menu.Trigger asChild>
            <Button aria-label="More portfolio actions" size="sm" variant="ghost" px={{ base: '2', md: '1' }}>
              <MoreIcon />
              <Box as="span" display={{ base: 'inline', md: 'none' }}>
                More
              </Box>
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="56">
                {/* On a phone the toolbar keeps its selection actions and Add position; the rest is here. */}
                <Box display={{ base: 'block', md: 'none' }}>
                  <Menu.Item value="funds">
                    <WalletIcon />
                    Set funds
                  </Menu.Item>
                  <Menu.Separator />
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel fontSize="xs" color="fg.muted">
                      {none ? 'Future actions of every symbol' : `Future actions of ${symbols.join(', ')}`}
                    </Menu.ItemGroupLabel>
                    <DownloadItems
                      prefix="actions"
                      urlOf={(format) => portfolioCalls.downloadActionsUrl(portfolio.id, format, symbols)}
                    />
                  </Menu.ItemGroup>
                  <Menu.Separator />
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel fontSize="xs" color="fg.muted">
                      Open and closed positions
                    </Menu.ItemGroupLabel>
                    <DownloadItems
                      prefix="positions"
                      urlOf={(format) => portfolioCalls.downloadPositionsUrl(portfolio.id, format)}
                    />
                  </Menu.ItemGroup>
                  <Menu.Separator />
                </Box>
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
  wideOnly = false,
}: {
  /** Shown from md up only (on a phone it is in the More menu). */
  wideOnly?: boolean;
  label: string;
  icon: ReactNode;
  title: string;
  urlOf: (format: 'csv' | 'xlsx') => string;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          title={title}
          display={wideOnly ? { base: 'none', md: 'inline-flex' } : undefined}
        >
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

/** CSV and Excel downloads as menu items (page navigation). */
function DownloadItems({ prefix, urlOf }: { prefix: string; urlOf: (format: 'csv' | 'xlsx') => string }) {
  return (
    <>
      <Menu.Item value={`${prefix}-csv`} asChild>
        <a href={urlOf('csv')} download>
          <DownloadIcon />
          CSV
        </a>
      </Menu.Item>
      <Menu.Item value={`${prefix}-xlsx`} asChild>
        <a href={urlOf('xlsx')} download>
          <DownloadIcon />
          Excel
        </a>
      </Menu.Item>
    </>
  );
}
