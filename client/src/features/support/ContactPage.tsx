import {
  Box,
  Button,
  Field,
  Heading,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  supportEmailProblem,
  supportLimits,
  supportMessages,
  supportTopics,
  type User,
} from '@insight/shared';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { LabelledInput } from '../../components/LabelledInput';
import { CheckCircleIcon } from '../../components/ui/icons';
import { AlertIcon } from '../admin/icons';

const blank = { name: '', email: '', phone: '', company: '', topic: supportTopics[0] as string, message: '' };

/**
 * Spec 002 §2.9, §5, §8: "How can we help?" with Full Name, Email, Phone Number, Company, Support
 * Topic and Message. Only the e-mail is checked ("Please enter a valid email", with an error icon).
 */
export function ContactPage({
  user,
  send,
  address,
}: {
  user: User | null;
  /** The support address to show (the gateway's SUPPORT_EMAIL); null until it is known. */
  address: string | null;
  send: (form: typeof blank) => Promise<unknown>;
}) {
  const [form, setForm] = useState(() => ({
    ...blank,
    name: user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '',
    email: user?.email ?? '',
  }));
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const set = (field: keyof typeof blank) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = supportEmailProblem(form.email);
    setEmailProblem(found);
    if (found) {
      emailInput.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await send({ ...form, email: form.email.trim() });
      setSent(true);
    } catch (error) {
      setProblem(errorMessage(error, supportMessages.failed));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <Stack gap="4" align="center" textAlign="center" role="status" py="6">
        <Box color="brand.fg" fontSize="4xl" lineHeight="0">
          <CheckCircleIcon />
        </Box>
        <Heading as="h1" size="xl">
          Thank you
        </Heading>
        <Text fontSize="lg">{supportMessages.sent}</Text>
        <Link asChild color="brand.fg" fontWeight="medium">
          <button
            type="button"
            onClick={() => {
              setSent(false);
              setForm((f) => ({ ...f, message: '' }));
            }}
          >
            Send another message
          </button>
        </Link>
      </Stack>
    );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="contact-title">
      <Stack gap="5">
        <Box>
          <Heading as="h1" size="2xl" id="contact-title" letterSpacing="tight">
            How can we help?
          </Heading>
          <Text color="fg.muted" mt="2">
            Tell us what you need and our team will get back to you.
            {address && (
              <>
                {' '}
                You can also write to us at{' '}
                <Link href={`mailto:${address}`} color="brand.fg" fontWeight="medium">
                  {address}
                </Link>
                .
              </>
            )}
          </Text>
        </Box>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <LabelledInput
            label="Full Name"
            name="name"
            autoComplete="name"
            maxLength={supportLimits.name}
            value={form.name}
            onChange={set('name')}
          />
          <LabelledInput
            label="Email"
            required
            problem={
              emailProblem !== null && (
                <>
                  <AlertIcon /> {emailProblem}
                </>
              )
            }
            ref={emailInput}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={supportLimits.email}
            value={form.email}
            onChange={set('email')}
          />
          <LabelledInput
            label="Phone Number"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={supportLimits.phone}
            value={form.phone}
            onChange={set('phone')}
          />
          <LabelledInput
            label="Company"
            name="company"
            autoComplete="organization"
            maxLength={supportLimits.company}
            value={form.company}
            onChange={set('company')}
          />
        </SimpleGrid>
        <Field.Root>
          <Field.Label>Support Topic</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="topic" value={form.topic} onChange={set('topic')}>
              {supportTopics.map((topic) => (
                <option key={topic} value={topic}>
                  {topic}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Message</Field.Label>
          <Textarea
            name="message"
            rows={6}
            maxLength={supportLimits.message}
            value={form.message}
            onChange={set('message')}
            autoresize
            maxH="80"
          />
        </Field.Root>
        <FormProblem message={problem} />
        <Button
          type="submit"
          loading={busy}
          loadingText="Sending..."
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          px="10"
        >
          Send
        </Button>
      </Stack>
    </form>
  );
}
