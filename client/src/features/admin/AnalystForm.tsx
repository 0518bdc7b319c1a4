import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { adminMessages, limits, type Analyst } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { notify } from '../../components/ui/toaster';
import { adminCalls } from './api';
import { EditFrame, WhenLoaded } from './EditFrame';
import { formatDay } from './format';
import { useLoaded } from './usePaged';

/** /manage/analyst/{id}. */
export function AnalystEditPage() {
  const { itemId = '' } = useParams();
  const [analyst] = useLoaded(
    itemId,
    (id, signal) => adminCalls.analyst(id, signal),
    'Could not load the analyst.',
  );
  return (
    <WhenLoaded state={analyst} what="Analyst">
      {(loaded) => <AnalystForm key={loaded.id} analyst={loaded} />}
    </WhenLoaded>
  );
}

/** Spec 002 §2.7: nick name, first and last names, global name, last; Save only with a global name. */
function AnalystForm({ analyst }: { analyst: Analyst }) {
  const navigate = useNavigate();
  const [nick, setNick] = useState(analyst.nick_name ?? '');
  const [globalName, setGlobalName] = useState(analyst.global_name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (globalName.trim() === '') return setProblem(adminMessages.globalNameRequired);
    setSaving(true);
    try {
      await adminCalls.saveAnalyst({
        id: analyst.id,
        nick_name: nick.trim() || null,
        global_name: globalName.trim(),
      });
      notify.success(adminMessages.analystSaved);
      void navigate('/manage/analysts');
    } catch (error) {
      setProblem(errorMessage(error, 'The analyst could not be saved.'));
      setSaving(false);
    }
  }

  return (
    <EditFrame
      title="Edit Analyst"
      back={{ to: '/manage/analysts', label: 'Analysts' }}
      onSubmit={(event) => void submit(event)}
      saving={saving}
      saveLabel="Save"
      canSave={globalName.trim() !== ''}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root>
          <Field.Label>Nick name</Field.Label>
          <Input
            name="nick_name"
            maxLength={limits.nameMax}
            value={nick}
            onChange={(e) => setNick(e.target.value)}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Global name</Field.Label>
          <Input
            name="global_name"
            maxLength={limits.nameMax}
            value={globalName}
            onChange={(e) => setGlobalName(e.target.value)}
          />
          <Field.HelperText>The name shown for this analyst everywhere.</Field.HelperText>
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>First name</Field.Label>
          <Input name="first_name" value={analyst.first_name} readOnly />
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>Last name</Field.Label>
          <Input name="last_name" value={analyst.last_name} readOnly />
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>Firm</Field.Label>
          <Input name="firm" value={analyst.firm} readOnly />
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>Last</Field.Label>
          <Input name="last" value={analyst.last ? formatDay(analyst.last) : 'No ratings yet'} readOnly />
        </Field.Root>
      </SimpleGrid>
      <FormProblem message={problem} />
    </EditFrame>
  );
}
