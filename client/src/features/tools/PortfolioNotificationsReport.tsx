import { Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { apiPath, can } from '@insight/shared';
import {
  notificationsApi,
  notificationsMessages,
  notificationsReportParamsSchema,
} from '@insight/shared/notifications/schemas';
import { useState, type FormEvent } from 'react';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { currentRolesAtom, currentUserAtom } from '../auth/atoms';
import { DateRangeFields } from '../../components/DateRangeFields';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Where the browser goes to download the report (a page navigation, as spec 002 §7.6 says). */
export function reportHref(user: number, from: string, to: string) {
  return apiPath(notificationsApi.report, { user, from, to });
}

/**
 * The Portfolio Notifications report (spec 002 §2.4, §7.6): the notifications of a portfolio between
 * two days, downloaded as a CSV file. System admins may name another user.
 */
export default function PortfolioNotificationsReport() {
  const user = useAtomValue(currentUserAtom);
  const roles = useAtomValue(currentRolesAtom);
  const admin = can(roles, 'tools.systemAdmin');
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const [userId, setUserId] = useState(() => String(user?.user_id ?? ''));
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = notificationsReportParamsSchema.safeParse({
      user: admin ? userId : user?.user_id,
      from,
      to,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? notificationsMessages.reportRange);
      return;
    }
    setProblem(null);
    window.location.assign(reportHref(parsed.data.user, parsed.data.from, parsed.data.to));
  }

  return (
    <Stack gap="5" as="section" aria-labelledby="notifications-report-title">
      <Box>
        <Heading as="h1" id="notifications-report-title" size="2xl" letterSpacing="tight">
          Portfolio Notifications
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          The notifications your portfolio monitor found between two days, as a CSV file.
        </Text>
      </Box>
      <Box
        asChild
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="xs"
        p={{ base: '4', md: '5' }}
        maxW="3xl"
      >
        <form onSubmit={submit} noValidate aria-label="Portfolio notifications report">
          <Stack gap="4">
            <Flex gap="3" wrap="wrap" align="end">
              {admin && (
                <Field.Root flex="1" minW="28">
                  <Field.Label>User ID</Field.Label>
                  <Input
                    name="user"
                    inputMode="numeric"
                    value={userId}
                    onChange={(event) => setUserId(event.target.value.replace(/\D/g, ''))}
                  />
                </Field.Root>
              )}
              <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
              <Button type="submit">Download report</Button>
            </Flex>
            <FormProblem message={problem} />
            <Text fontSize="xs" color="fg.muted">
              At most a year at a time. The file lists each notification’s date, symbol, rule, text and
              whether it was seen.
            </Text>
          </Stack>
        </form>
      </Box>
    </Stack>
  );
}
