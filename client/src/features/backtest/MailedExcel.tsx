import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { currentUserAtom } from '../auth/atoms';
import { ToolSuccess } from '../tools/admin/ToolCard';
import { JobProgress } from './JobProgress';

/**
 * "Send the Excel to" (the user's own address by default) and "Email the Excel" under a backtest's
 * chart: the request's problem, then its acknowledgement with the job's live progress.
 */
export function MailedExcel({
  label,
  request,
}: {
  /** The job's name in its progress line. */
  label: string;
  request: (email: string) => Promise<{ msg: string; jobId: string }>;
}) {
  const user = useAtomValue(currentUserAtom);
  const [email, setEmail] = useState(user?.email ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<{ msg: string; jobId: string } | null>(null);

  const mail = async () => {
    setProblem(null);
    try {
      const answer = await request(email.trim());
      setAccepted({ msg: answer.msg, jobId: answer.jobId });
    } catch (error) {
      setProblem(errorMessage(error, 'The report could not be requested. Please try again.'));
    }
  };

  return (
    <>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'flex-end' }}>
        <Field.Root flex="1">
          <Field.Label>Send the Excel to</Field.Label>
          <Input
            size="sm"
            type="email"
            value={email}
            maxLength={100}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </Field.Root>
        <Button size="sm" variant="outline" onClick={() => void mail()} disabled={email.trim() === ''}>
          Email the Excel
        </Button>
      </Stack>
      <FormProblem message={problem} />
      <ToolSuccess message={accepted?.msg ?? null}>
        {accepted && <JobProgress jobId={accepted.jobId} label={label} />}
      </ToolSuccess>
    </>
  );
}
