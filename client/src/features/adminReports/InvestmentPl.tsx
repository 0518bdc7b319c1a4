import { Button, HStack, Stack } from '@chakra-ui/react';
import { investmentPlBodySchema, investmentPlJobKind } from '@insight/shared';
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
import { defaultRange } from './useReportOptions';

/**
 * Admin Investment PL (spec 001 §§1, 6, 7 "admin P&L"; its fields are not shown, see the README):
 * the profit and loss of every portfolio the admin oversees over a date range — a system admin's
 * every account, a client admin's own — one row per client with the totals, as a mailed Excel job.
 */
export function InvestmentPl() {
  const request = useReportRequest(investmentPlBodySchema, adminReportCalls.investmentPl);
  const [range, setRange] = useState(defaultRange);

  const submit = request.submitWith({ from_date: range.from, to_date: range.to });

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Admin Investment PL"
        intro="The profit and loss of every client portfolio you oversee over a date range: a row per client with the unit price return, assets, deposits and P&L, and the totals, as an Excel file sent by e-mail."
      >
        <form noValidate onSubmit={submit} aria-label="Investment P&L report">
          <Stack gap="4" maxW="xl">
            <ReportRangeFields range={range} onChange={setRange} />
            <ReportEmailField email={request.email} onChange={request.setEmail} />
            <FormProblem message={request.problem} />
            <ToolSuccess message={request.success}>
              {request.jobId && <RequestedReportProgress jobId={request.jobId} label="Portfolios read" />}
            </ToolSuccess>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={request.busy} loadingText="Requesting">
                Get P&amp;L
              </Button>
            </HStack>
          </Stack>
        </form>
      </ToolCard>
      <MyReports
        kinds={[investmentPlJobKind]}
        refreshKey={request.refreshKey}
        title="Investment P&L reports"
      />
    </Stack>
  );
}
