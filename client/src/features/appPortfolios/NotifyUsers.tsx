import { Button, CloseButton, Dialog, Field, Heading, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  appLimits,
  appMessages,
  notificationTextField,
  type App,
  type NotifyAllResponse,
} from '@insight/shared/apps/schemas';
import { useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster';
import { appPortfolioCalls } from './api';
import { SendIcon } from './icons';

/**
 * Notify Users (spec 002 §2.8, §4): a text, a confirmation, then the message goes at once to every
 * user of the app who has it open and to the others when they next open it.
 */
export function NotifyUsers({ app }: { app: App }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<NotifyAllResponse | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = notificationTextField.safeParse(text);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? appMessages.textRequired);
      return;
    }
    setProblem(null);
    setConfirming(parsed.data);
  }

  async function send(message: string) {
    setBusy(true);
    try {
      const answer = await appPortfolioCalls.notifyAll(app.flavor, message);
      notify.success(answer.msg);
      setLast(answer);
      setText('');
      setConfirming(null);
    } catch {
      notify.error(appMessages.sendError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack
      as="section"
      aria-labelledby="notify-title"
      gap="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '4', md: '6' }}
      maxW="2xl"
    >
      <Stack gap="1">
        <Heading as="h2" size="md" id="notify-title">
          Message every user of {app.name}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Users with the app open see it at once; the others when they next open it.
        </Text>
      </Stack>
      <form noValidate onSubmit={submit} aria-label="Notify users">
        <Stack gap="3">
          <Field.Root invalid={problem !== null}>
            <Field.Label>Message</Field.Label>
            <Textarea
              name="msg"
              rows={4}
              maxLength={appLimits.messageMax}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {problem !== null ? (
              <Field.ErrorText>{problem}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {text.length}/{appLimits.messageMax}
              </Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" alignSelf="flex-start">
            <SendIcon /> Send
          </Button>
          {last !== null && (
            <Text fontSize="sm" color="fg.muted" role="status">
              Last message: {last.live} {last.live === 1 ? 'user' : 'users'} reached now, {last.queued} when
              they next open the app.
            </Text>
          )}
        </Stack>
      </form>
      <ConfirmSend
        appName={app.name}
        message={confirming}
        busy={busy}
        onConfirm={(message) => void send(message)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

function ConfirmSend({
  appName,
  message,
  busy,
  onConfirm,
  onCancel,
}: {
  appName: string;
  message: string | null;
  busy: boolean;
  onConfirm: (message: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root
      open={message !== null}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      role="alertdialog"
      placement="center"
      size={{ base: 'xs', md: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Send notification</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{appMessages.confirmSend(appName)}</Text>
                <Text
                  bg="bg.muted"
                  rounded="md"
                  p="3"
                  fontSize="sm"
                  whiteSpace="pre-wrap"
                  wordBreak="break-word"
                  data-testid="notify-preview"
                >
                  {message}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button loading={busy} onClick={() => message !== null && onConfirm(message)}>
                Send to all users
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
