import { Field, Input } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type LabelledInputProps = ComponentProps<typeof Input> & {
  label: string;
  /** Shown under the input, which is then marked invalid; nothing (null, false) keeps it valid. */
  problem?: ReactNode;
  /** A hint under the input (the rule the value must follow). */
  helper?: string;
};

/**
 * One form input with its label, an optional hint and its inline problem: the field block the
 * sign-up, contact and profile forms share. `required` marks the field (the label's asterisk).
 */
export function LabelledInput({ label, problem, helper, required, ...input }: LabelledInputProps) {
  const invalid = problem !== undefined && problem !== null && problem !== false;
  return (
    <Field.Root required={required} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} />
      {helper !== undefined && <Field.HelperText>{helper}</Field.HelperText>}
      {invalid && <Field.ErrorText>{problem}</Field.ErrorText>}
    </Field.Root>
  );
}
