import {
  Box,
  Button,
  Code,
  Field,
  Flex,
  HStack,
  Input,
  NativeSelect,
  RadioGroup,
  Stack,
  Tag,
  Text,
} from '@chakra-ui/react';
import {
  adminMessages,
  validToLimit,
  validToProblem,
  type Account,
  type ProfileSummary,
} from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { notify } from '../../components/ui/toaster';
import { adminCalls } from './api';
import { EditFrame, WhenLoaded } from './EditFrame';
import { formatDay } from './format';
import { useLoaded } from './usePaged';

const allProfiles = { page: 1, page_size: 100, search: '', sort: 'name', dir: 'asc' as const };
const emptyAccount: Account = {
  id: 0,
  name: '',
  master_profile: null,
  linked_profiles: [],
  valid_to: null,
  trail: false,
  api_key: null,
  users: 0,
  created: '',
};

/** /manage/account/{id} and /manage/accounts/new. */
export function AccountEditPage({ isNew }: { isNew: boolean }) {
  const { itemId = '' } = useParams();
  const [account] = useLoaded(
    isNew ? null : Number(itemId),
    (id, signal) => (id === null ? Promise.resolve(emptyAccount) : adminCalls.account(id, signal)),
    'Could not load the account. Please try again.',
  );
  const [profiles] = useLoaded(
    allProfiles,
    (query, signal) => adminCalls.profiles(query, signal).then((page) => page.data),
    'Could not load the profiles. Please try again.',
  );
  return (
    <WhenLoaded state={account} what="Account">
      {(loaded) => (
        <AccountForm
          key={loaded.id}
          account={loaded}
          isNew={isNew}
          profiles={profiles.kind === 'ready' ? profiles.value : []}
        />
      )}
    </WhenLoaded>
  );
}

const profileText = (profile: ProfileSummary) =>
  `${profile.name.replace(/_/g, ' ')}${profile.email ? ` · ${profile.email}` : ''}`;

/**
 * Spec 002 §2.7 and §4: name, "Valid to Date" (MM/dd/yyyy), "Valid Indefinitely" (clears the date
 * and the trail), Active/Trail, the master profile (its empty choice clears it), "Add Linked Profile"
 * with removable chips, "Save Changes", then back to /manage/accounts.
 */
function AccountForm({
  account,
  isNew,
  profiles,
}: {
  account: Account;
  isNew: boolean;
  profiles: ProfileSummary[];
}) {
  const navigate = useNavigate();
  const [name, setName] = useState(account.name);
  const [validTo, setValidTo] = useState<string | null>(account.valid_to);
  const [trail, setTrail] = useState(account.trail);
  const [master, setMaster] = useState<ProfileSummary | null>(account.master_profile);
  const [linked, setLinked] = useState<ProfileSummary[]>(account.linked_profiles);
  const [newKey, setNewKey] = useState(false);
  const [problems, setProblems] = useState<{ name?: string; validTo?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  const known = new Map([...profiles, ...linked, ...(master ? [master] : [])].map((p) => [p.id, p]));
  const choices = [...known.values()].sort((a, b) => a.name.localeCompare(b.name));
  const linkable = choices.filter((p) => p.id !== master?.id && !linked.some((l) => l.id === p.id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(name.trim() === '' ? { name: adminMessages.accountNameRequired } : {}),
      ...(validToProblem(validTo) ? { validTo: validToProblem(validTo)! } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await adminCalls.saveAccount({
        id: isNew ? null : account.id,
        name: name.trim(),
        valid_to: validTo,
        trail: validTo === null ? false : trail,
        master_profile: master?.id ?? null,
        linked_profiles: linked.map((p) => p.id),
        ...(newKey ? { new_api_key: true } : {}),
      });
      notify.success(adminMessages.accountSaved);
      void navigate('/manage/accounts');
    } catch (error) {
      setProblems({ form: errorMessage(error, 'The account could not be saved. Please try again.') });
      setSaving(false);
    }
  }

  return (
    <EditFrame
      title={isNew ? 'New Account' : 'Edit Account'}
      back={{ to: '/manage/accounts', label: 'Accounts' }}
      onSubmit={(event) => void submit(event)}
      saving={saving}
    >
      <Field.Root required invalid={problems.name !== undefined}>
        <Field.Label>Name</Field.Label>
        <Input name="name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <Field.ErrorText>{problems.name}</Field.ErrorText>
      </Field.Root>

      <Flex gap="6" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
        <Field.Root invalid={problems.validTo !== undefined} flex="1">
          <Field.Label>Valid to Date</Field.Label>
          <Input
            type="date"
            name="valid_to"
            max={validToLimit()}
            value={validTo ?? ''}
            onChange={(e) => setValidTo(e.target.value === '' ? null : e.target.value)}
          />
          {problems.validTo ? (
            <Field.ErrorText>{problems.validTo}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {validTo === null ? 'Valid indefinitely' : `Access until ${formatDay(validTo)} (MM/dd/yyyy)`}
            </Field.HelperText>
          )}
          <Button
            variant="plain"
            size="sm"
            px="0"
            color="brand.fg"
            onClick={() => {
              setValidTo(null);
              setTrail(false);
            }}
          >
            Valid Indefinitely
          </Button>
        </Field.Root>

        <Field.Root flex="1">
          <Field.Label id="subscription-label">Subscription</Field.Label>
          <RadioGroup.Root
            aria-labelledby="subscription-label"
            value={trail ? 'trail' : 'active'}
            onValueChange={(details) => setTrail(details.value === 'trail')}
            disabled={validTo === null}
          >
            <HStack gap="6" pt="2">
              {[
                ['active', 'Active'],
                ['trail', 'Trail'],
              ].map(([value, label]) => (
                <RadioGroup.Item key={value} value={value!}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <Field.HelperText>A trail shows the trial banner to the account&apos;s users.</Field.HelperText>
        </Field.Root>
      </Flex>

      <Field.Root>
        <Field.Label>Master profile</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="master_profile"
            value={master?.id ?? ''}
            onChange={(e) => {
              const chosen = known.get(Number(e.target.value)) ?? null;
              setMaster(chosen);
              if (chosen) setLinked((list) => list.filter((p) => p.id !== chosen.id));
            }}
          >
            <option value="">No master profile</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {profileText(p)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Field.Root>
        <Field.Label>Add Linked Profile</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="linked_profile"
            value=""
            onChange={(e) => {
              const chosen = known.get(Number(e.target.value));
              if (chosen) setLinked((list) => [...list, chosen]);
            }}
          >
            <option value="">
              {linkable.length === 0 ? 'No more profiles to link' : 'Choose a profile to link'}
            </option>
            {linkable.map((p) => (
              <option key={p.id} value={p.id}>
                {profileText(p)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Flex gap="2" wrap="wrap" pt="1" aria-label="Linked profiles" role="list">
          {linked.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              No linked profiles.
            </Text>
          )}
          {linked.map((p) => (
            <Tag.Root key={p.id} size="lg" variant="surface" colorPalette="brand" role="listitem" maxW="full">
              <Tag.Label>
                <Text as="span" fontWeight="medium">
                  {p.name.replace(/_/g, ' ')}
                </Text>
                {p.email && (
                  <Text as="span" color="fg.muted">
                    {' '}
                    {p.email}
                  </Text>
                )}
              </Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={`Remove ${p.name}`}
                  onClick={() => setLinked((list) => list.filter((l) => l.id !== p.id))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Flex>
      </Field.Root>

      {!isNew && (
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb="1">
            API key
          </Text>
          <HStack gap="3" wrap="wrap">
            <Code wordBreak="break-all" fontSize="xs">
              {newKey ? 'A new key is issued on save' : (account.api_key ?? 'None')}
            </Code>
            <Button size="xs" variant="outline" onClick={() => setNewKey((v) => !v)}>
              {newKey ? 'Keep the current key' : 'Issue a new key'}
            </Button>
          </HStack>
        </Box>
      )}

      <Stack>
        <FormProblem message={problems.form ?? null} />
      </Stack>
    </EditFrame>
  );
}
