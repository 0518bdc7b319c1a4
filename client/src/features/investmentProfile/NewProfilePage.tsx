import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { limits, messages, registerProfileBodySchema } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { LabelledInput } from '../../components/LabelledInput';
import { PersonNameFields } from '../../components/PersonNameFields';
import { NewPasswordInput } from '../../components/NewPasswordFields';
import { CheckCircleIcon } from '../../components/ui/icons';
import { profileCalls } from './api';

const empty = { first_name: '', last_name: '', email: '', password: '' };
type FormField = keyof typeof empty;

/** The first rule the form breaks (spec 000 §5 "Register profile"), or null. */
export function registerProblem(form: typeof empty): string | null {
  const parsed = registerProfileBodySchema.safeParse(form);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.register.failed);
}

/**
 * /newProfile (spec 002 §2.1, §7.8): an admin registers a profile-type account. Its profile joins
 * every admin's profile selector as soon as the server tells (the 'profile:created' push).
 */
export function NewProfilePage() {
  const [form, setForm] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: FormField) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = registerProblem(form);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await profileCalls.registerProfile({ ...form, email: form.email.trim() });
      setCreated(`${form.first_name.trim()} ${form.last_name.trim()}`);
      setForm(empty);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 409
          ? errorMessage(error, messages.register.taken)
          : errorMessage(error, messages.register.failed),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box
      maxW="xl"
      mx="auto"
      w="full"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '5', md: '8' }}
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="new-profile-title">
        <Stack gap="5">
          <Box>
            <Heading as="h1" size="2xl" id="new-profile-title">
              Create profile
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              A profile account signs in with this e-mail and password and edits only its investment profile.
            </Text>
          </Box>
          {created !== null && (
            <Flex
              role="status"
              gap="3"
              align="start"
              bg="brand.subtle"
              color="brand.fg"
              rounded="md"
              p="3"
              borderWidth="1px"
              borderColor="brand.muted"
            >
              <Box fontSize="xl" lineHeight="0" pt="0.5">
                <CheckCircleIcon />
              </Box>
              <Box>
                <Text fontWeight="semibold">{messages.register.created}</Text>
                <Text fontSize="sm">
                  {created}’s profile is now in the profile selector.{' '}
                  <RouterLink to="/investment-profile" style={{ textDecoration: 'underline' }}>
                    Edit investment profiles
                  </RouterLink>
                </Text>
              </Box>
            </Flex>
          )}
          <PersonNameFields
            firstName={form.first_name}
            lastName={form.last_name}
            onFirstNameChange={(first_name) => setForm((f) => ({ ...f, first_name }))}
            onLastNameChange={(last_name) => setForm((f) => ({ ...f, last_name }))}
            ownName={false}
          />
          <LabelledInput
            label="Email"
            required
            name="email"
            type="email"
            autoComplete="off"
            maxLength={limits.emailMax}
            value={form.email}
            onChange={set('email')}
          />
          <NewPasswordInput
            label="Password"
            required
            name="password"
            value={form.password}
            onChange={(password) => setForm((f) => ({ ...f, password }))}
          />
          <FormProblem message={problem} />
          <Flex gap="3" justify="end" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to="/">Cancel</RouterLink>
            </Button>
            <Button type="submit" loading={busy} loadingText="Creating...">
              Create profile
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}
