import { SimpleGrid } from '@chakra-ui/react';
import { limits } from '@insight/shared';
import { LabelledInput } from './LabelledInput';

interface PersonNameFieldsProps {
  firstName: string;
  lastName: string;
  onFirstNameChange: (value: string) => void;
  onLastNameChange: (value: string) => void;
  /**
   * Whether the browser may fill in its saved name: yes for the visitor's own sign-up, no when an
   * admin registers someone else (the admin's own name would be wrong there).
   */
  ownName: boolean;
}

/** First and last name, both required, side by side from `sm` up. */
export function PersonNameFields(props: PersonNameFieldsProps) {
  const { firstName, lastName, onFirstNameChange, onLastNameChange, ownName } = props;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <LabelledInput
        label="First name"
        required
        name="first_name"
        autoComplete={ownName ? 'given-name' : undefined}
        maxLength={limits.nameMax}
        value={firstName}
        onChange={(event) => onFirstNameChange(event.target.value)}
      />
      <LabelledInput
        label="Last name"
        required
        name="last_name"
        autoComplete={ownName ? 'family-name' : undefined}
        maxLength={limits.nameMax}
        value={lastName}
        onChange={(event) => onLastNameChange(event.target.value)}
      />
    </SimpleGrid>
  );
}
