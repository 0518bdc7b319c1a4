import { Box, Field, Flex, Heading, NativeSelect, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import type { App } from '@insight/shared/apps/schemas';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/request';
import { StatusPanel } from '../../components/StatusPanel';
import { appPortfolioCalls } from './api';
import { EditPortfolios } from './EditPortfolios';
import { AlertIcon } from './icons';
import { NotifyUsers } from './NotifyUsers';

type AppsState = { kind: 'loading' } | { kind: 'ready'; apps: App[] } | { kind: 'failed'; message: string };

const appsFailed = 'Could not load the apps. Please try again.';

/**
 * Spec 002 §2.8 (admins only): choose an app, then edit its portfolios or send a message to all of
 * its users.
 */
export function AppPortfoliosPage() {
  const [state, setState] = useState<AppsState>({ kind: 'loading' });
  const [flavor, setFlavor] = useState<string | null>(null);
  const [tab, setTab] = useState('edit');

  useEffect(() => {
    const controller = new AbortController();
    appPortfolioCalls.apps(controller.signal).then(
      (apps) => {
        setState({ kind: 'ready', apps });
        setFlavor((current) => current ?? apps[0]?.flavor ?? null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'failed', message: errorMessage(error, appsFailed) });
      },
    );
    return () => controller.abort();
  }, []);

  const app = state.kind === 'ready' ? (state.apps.find((one) => one.flavor === flavor) ?? null) : null;

  return (
    <Stack gap="5">
      <Flex align="end" justify="space-between" gap="4" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl" letterSpacing="tight">
            App portfolios
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            The portfolios each mobile app shows, and messages to every user of an app.
          </Text>
        </Box>
        {state.kind === 'ready' && state.apps.length > 0 && (
          <Field.Root w={{ base: 'full', sm: '64' }}>
            <Field.Label fontSize="sm">App</Field.Label>
            <NativeSelect.Root size="sm" bg="bg.panel">
              <NativeSelect.Field
                name="app"
                value={flavor ?? ''}
                onChange={(event) => setFlavor(event.currentTarget.value)}
              >
                {state.apps.map((one) => (
                  <option key={one.flavor} value={one.flavor}>
                    {one.name} ({one.flavor})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </Flex>

      {state.kind === 'loading' && (
        <Skeleton h="64" rounded="xl" aria-busy="true" aria-label="Loading the apps" />
      )}
      {state.kind === 'failed' && (
        <StatusPanel icon={<AlertIcon />} title="Apps not available" tone="danger">
          {state.message}
        </StatusPanel>
      )}
      {state.kind === 'ready' && app === null && (
        <StatusPanel icon={<AlertIcon />} title="No apps yet" tone="gray">
          No mobile app is registered with Insight.
        </StatusPanel>
      )}
      {app !== null && (
        <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="edit">Edit Portfolios</Tabs.Trigger>
            <Tabs.Trigger value="notify">Notify Users</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="edit" pt="5">
            <EditPortfolios key={app.flavor} app={app} />
          </Tabs.Content>
          <Tabs.Content value="notify" pt="5">
            <NotifyUsers key={app.flavor} app={app} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Stack>
  );
}
