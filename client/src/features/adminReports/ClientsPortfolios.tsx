import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { adminReportsMessages, clientsPortfoliosBodySchema, clientsPortfoliosJobKind } from '@insight/shared';
import { useState } from 'react';
import { FormProblem } from '../../components/FormProblem';
import { MyReports } from '../jobs/MyReports';
import { ToolCard, ToolSuccess } from '../tools/admin/ToolCard';
import { adminReportCalls } from './api';
import {
  ReportEmailField,
  ReportRangeFields,
  RequestedReportProgress,
  useReportRequest,
} from './useReportRequest';
import { OptionsGate } from './OptionsGate';
import { defaultRange } from './useReportOptions';

/**
 * Clients Portfolios (spec 002 §§2.2, 2.4, 7.6, 8): one client's portfolio over a date range —
 * positions, trades, P&L and the unit price path — built by a job into an Excel file that is mailed
 * and kept in My reports. A client admin picks among their own account's users only.
 */
export function ClientsPortfolios() {
  const request = useReportRequest(
    clientsPortfoliosBodySchema,
    adminReportCalls.clientsPortfolios,
    adminReportsMessages.userRequired,
  );
  const [userId, setUserId] = useState('');
  const [range, setRange] = useState(defaultRange);

  const submit = request.submitWith({
    user_id: userId === '' ? undefined : Number(userId),
    from_date: range.from,
    to_date: range.to,
  });

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Clients Portfolios"
        intro="A client's portfolio over a date range: positions, trades, profit and loss and the unit price path, as an Excel file sent by e-mail and kept in My reports."
      >
        <OptionsGate loadingLabel="Loading the users" rows={3}>
          {(options) => {
            const withFile = options.users.filter((user) => user.hasFile);
            return withFile.length === 0 ? (
              <Text color="fg.muted">No user you can report on has a portfolio yet.</Text>
            ) : (
              <form noValidate onSubmit={submit} aria-label="Clients portfolios report">
                <Stack gap="4" maxW="xl">
                  <Field.Root required>
                    <Field.Label>Client</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        name="user"
                        value={userId}
                        onChange={(event) => setUserId(event.currentTarget.value)}
                      >
                        <option value="">Choose a client</option>
                        {withFile.map((user) => (
                          <option key={user.id} value={user.id}>
                            {user.name === user.email ? user.email : `${user.name} (${user.email})`} · id{' '}
                            {user.id}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <ReportRangeFields range={range} onChange={setRange} />
                  <ReportEmailField email={request.email} onChange={request.setEmail} />
                  <FormProblem message={request.problem} />
                  <ToolSuccess message={request.success}>
                    {request.jobId && <RequestedReportProgress jobId={request.jobId} label="Report built" />}
                  </ToolSuccess>
                  <HStack>
                    <Button
                      type="submit"
                      colorPalette="brand"
                      loading={request.busy}
                      loadingText="Requesting"
                    >
                      Send report
                    </Button>
                  </HStack>
                </Stack>
              </form>
            );
          }}
        </OptionsGate>
      </ToolCard>
      <MyReports
        kinds={[clientsPortfoliosJobKind]}
        refreshKey={request.refreshKey}
        title="Clients portfolio reports"
      />
    </Stack>
  );
}
