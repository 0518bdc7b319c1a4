import { Stack } from '@chakra-ui/react';
import { limits, messages } from '@insight/shared';
import type { ComponentProps } from 'react';
import { LabelledInput } from './LabelledInput';

type NewPasswordInputProps = Omit<ComponentProps<typeof LabelledInput>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  /** Whether the rule shows under it (not under the confirmation, which only has to match). */
  showRule?: boolean;
};

/** A new password: masked, at most 20 characters (spec 000 §5), with the rule it must follow. */
export function NewPasswordInput({ value, onChange, showRule = true, ...field }: NewPasswordInputProps) {
  return (
    <LabelledInput
      type="password"
      autoComplete="new-password"
      maxLength={limits.passwordMax}
      helper={showRule ? 'At least 8 characters, with lower and upper case letters and a number.' : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...field}
    />
  );
}

interface NewPasswordFieldsProps {
  newPassword: string;
  confirm: string;
  onNewPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  newLabel: string;
  confirmLabel: string;
}

/**
 * A new password and its confirmation, with the inline "Passwords do not match" under the
 * confirmation while the two differ.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { newPassword, confirm, onNewPasswordChange, onConfirmChange, newLabel, confirmLabel } = props;
  const mismatch = confirm !== '' && confirm !== newPassword;
  return (
    <Stack gap="5">
      <NewPasswordInput label={newLabel} value={newPassword} onChange={onNewPasswordChange} />
      <NewPasswordInput
        label={confirmLabel}
        showRule={false}
        value={confirm}
        onChange={onConfirmChange}
        problem={mismatch && messages.password.mismatchInline}
      />
    </Stack>
  );
}
