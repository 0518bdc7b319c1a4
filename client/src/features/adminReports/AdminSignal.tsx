import { Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { sectors, signalBodySchema, signalJobKind } from '@insight/shared';
import { useState } from 'react';
import { FormProblem } from '../../components/FormProblem';
import { MyReports } from '../jobs/MyReports';
import { ToolCard, ToolSuccess } from '../tools/admin/ToolCard';
import { adminReportCalls } from './api';
import { ReportEmailField, RequestedReportProgress, useReportRequest } from './useReportRequest';

const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
/** Spec 002 §9: the default report period starts 3 months back and ends 1 month back. */
const defaultMonths = (now = new Date()) => ({
  start: monthOf(new Date(now.getFullYear(), now.getMonth() - 3, 1)),
  end: monthOf(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
});

/**
 * Admin signal (spec 001 §§1, 6 "admin_signal"; its fields are not shown, see the README): the
 * signals of a month range — ratings by analysts who were in their sector's team when they published —
 * with how each worked out, as a mailed Excel job.
 */
export function AdminSignal() {
  const request = useReportRequest(signalBodySchema, adminReportCalls.signal);
  const [months, setMonths] = useState(defaultMonths);
  const [sector, setSector] = useState(0);

  const submit = request.submitWith({
    start_month: months.start,
    end_month: months.end,
    sector,
  });

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Admin signal"
        intro="The analyst team signals of a month range: every rating by an analyst who was in the sector's team when publishing, with its entry, target and how it has worked out against the sector ETF, as an Excel file sent by e-mail."
      >
        <form noValidate onSubmit={submit} aria-label="Signal report">
          <Stack gap="4" maxW="xl">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <Field.Root required>
                <Field.Label>From month</Field.Label>
                <Input
                  type="month"
                  name="start_month"
                  size="sm"
                  value={months.start}
                  onChange={(event) => setMonths({ ...months, start: event.currentTarget.value })}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>To month</Field.Label>
                <Input
                  type="month"
                  name="end_month"
                  size="sm"
                  value={months.end}
                  onChange={(event) => setMonths({ ...months, end: event.currentTarget.value })}
                />
              </Field.Root>
            </Stack>
            <Field.Root>
              <Field.Label>Sector</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  name="sector"
                  value={sector}
                  onChange={(event) => setSector(Number(event.currentTarget.value))}
                >
                  <option value={0}>All sectors</option>
                  {sectors.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <ReportEmailField email={request.email} onChange={request.setEmail} />
            <FormProblem message={request.problem} />
            <ToolSuccess message={request.success}>
              {request.jobId && <RequestedReportProgress jobId={request.jobId} label="Sectors read" />}
            </ToolSuccess>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={request.busy} loadingText="Requesting">
                Send signal report
              </Button>
            </HStack>
          </Stack>
        </form>
      </ToolCard>
      <MyReports kinds={[signalJobKind]} refreshKey={request.refreshKey} title="Signal reports" />
    </Stack>
  );
}
