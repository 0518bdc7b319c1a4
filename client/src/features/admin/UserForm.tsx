import { Checkbox, Field, Flex, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { adminMessages, can, limits, manageUserProblem, type ManageUser } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAtomValue } from '../../app/store';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { notify } from '../../components/ui/toaster';
import { currentRolesAtom, currentUserAtom } from '../auth/atoms';
import { adminCalls } from './api';
import { EditFrame, WhenLoaded } from './EditFrame';
import { formatMoment } from './format';
import { useLoaded } from './usePaged';

type Field = 'email' | 'password' | 'repeatPassword' | 'account' | 'form';

/** /manage/user/{id} and /manage/users/new. */
export function UserEditPage({ isNew }: { isNew: boolean }) {
  const { itemId = '' } = useParams();
  const [user] = useLoaded(
    isNew ? null : Number(itemId),
    (id, signal) => (id === null ? Promise.resolve(null) : adminCalls.user(id, signal)),
    'Could not load the user. Please try again.',
  );
  const [accounts] = useLoaded(
    null,
    (_q, signal) => adminCalls.userAccounts(signal),
    'Could not load the accounts.',
  );
  return (
    <WhenLoaded state={user} what="User">
      {(loaded) => (
        <UserForm
          key={loaded?.id ?? 'new'}
          user={loaded}
          accounts={accounts.kind === 'ready' ? accounts.value : loaded ? [loaded.account] : []}
        />
      )}
    </WhenLoaded>
  );
}

/**
 * Spec 002 §2.7 and §5: e-mail ("Not a valid email"), nick, first and last names, account, password
 * (empty keeps it; otherwise more than 4 characters) and its repeat, client_admin; last activity shown.
 * A new user without a password is mailed an invitation to choose one.
 */
function UserForm({ user, accounts }: { user: ManageUser | null; accounts: { id: number; name: string }[] }) {
  const navigate = useNavigate();
  const me = useAtomValue(currentUserAtom);
  const roles = useAtomValue(currentRolesAtom);
  const [email, setEmail] = useState(user?.email ?? '');
  const [nick, setNick] = useState(user?.nick_name ?? '');
  const [first, setFirst] = useState(user?.first_name ?? '');
  const [last, setLast] = useState(user?.last_name ?? '');
  const [account, setAccount] = useState<number | ''>(
    user?.account.id ?? (accounts.length === 1 ? accounts[0]!.id : ''),
  );
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [clientAdmin, setClientAdmin] = useState(user?.client_admin ?? false);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const accountChoice = account === '' && accounts.length === 1 ? accounts[0]!.id : account;
  /** A change of a field clears the message about it. */
  const edit = (setter: (value: string) => void) => (event: { target: { value: string } }) => {
    setter(event.target.value);
    setProblem(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = manageUserProblem({ email, password, repeatPassword: repeat });
    if (found) return setProblem(found);
    if (accountChoice === '') return setProblem({ field: 'account', message: adminMessages.unknownAccount });
    setProblem(null);
    setSaving(true);
    try {
      const answer = await adminCalls.saveUser({
        id: user?.id ?? null,
        email: email.trim(),
        nick_name: nick,
        first_name: first,
        last_name: last,
        account: accountChoice,
        password,
        repeatPassword: repeat,
        client_admin: clientAdmin,
      });
      notify.success(
        user === null && password === ''
          ? `${answer.msg}. ${adminMessages.invited(email.trim())}`
          : answer.msg,
      );
      void navigate('/manage/users');
    } catch (error) {
      setProblem({
        field: 'form',
        message: errorMessage(error, user ? 'The user could not be saved.' : adminMessages.userFailed),
      });
      setSaving(false);
    }
  }

  const error = (field: Field) => (problem?.field === field ? problem.message : undefined);
  const editingSelf = user !== null && me?.user_id === user.id;

  return (
    <EditFrame
      title={user ? 'Edit User' : 'New User'}
      back={{ to: '/manage/users', label: 'Users' }}
      onSubmit={(event) => void submit(event)}
      saving={saving}
    >
      {user && (
        <Text fontSize="sm" color="fg.muted">
          Last activity: {formatMoment(user.last_activity.date)}
        </Text>
      )}
      <Field.Root required invalid={error('email') !== undefined}>
        <Field.Label>E-mail</Field.Label>
        <Input
          name="email"
          type="email"
          autoComplete="off"
          maxLength={limits.emailMax}
          value={email}
          onChange={edit(setEmail)}
        />
        <Field.ErrorText>{error('email')}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Field.Root>
          <Field.Label>Nick name</Field.Label>
          <Input name="nick_name" maxLength={limits.nameMax} value={nick} onChange={edit(setNick)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>First name</Field.Label>
          <Input name="first_name" maxLength={limits.nameMax} value={first} onChange={edit(setFirst)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Last name</Field.Label>
          <Input name="last_name" maxLength={limits.nameMax} value={last} onChange={edit(setLast)} />
        </Field.Root>
      </SimpleGrid>
      <Field.Root required invalid={error('account') !== undefined}>
        <Field.Label>Account</Field.Label>
        <NativeSelect.Root disabled={!can(roles, 'manage.access')}>
          <NativeSelect.Field
            name="account"
            value={accountChoice}
            onChange={(e) => setAccount(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <option value="">Choose an account</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{error('account')}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root invalid={error('password') !== undefined}>
          <Field.Label>Password</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={limits.passwordMax}
            value={password}
            onChange={edit(setPassword)}
          />
          {error('password') ? (
            <Field.ErrorText>{error('password')}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {user
                ? 'Leave empty to keep the current password.'
                : 'Leave empty to mail an invitation to choose one.'}
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={error('repeatPassword') !== undefined}>
          <Field.Label>Repeat password</Field.Label>
          <Input
            name="repeatPassword"
            type="password"
            autoComplete="new-password"
            maxLength={limits.passwordMax}
            value={repeat}
            onChange={edit(setRepeat)}
          />
          <Field.ErrorText>{error('repeatPassword')}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Flex>
        <Checkbox.Root
          checked={clientAdmin}
          disabled={editingSelf}
          onCheckedChange={(details) => setClientAdmin(details.checked === true)}
        >
          <Checkbox.HiddenInput name="client_admin" />
          <Checkbox.Control />
          <Checkbox.Label>client_admin (manages the users of this account)</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
      <FormProblem message={error('form') ?? null} />
    </EditFrame>
  );
}
