import { Field, Input, Stack } from '@chakra-ui/react';
import { limits, messages } from '@insight/shared';

interface NewPasswordFieldsProps {
  newPassword: string;
  confirm: string;
  onNewPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  newLabel: string;
  confirmLabel: string;
}

/**
 * A new password and its confirmation, masked and at most 20 characters (spec 000 §5), with the
 * inline "Passwords do not match" under the confirmation while the two differ.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { newPassword, confirm, onNewPasswordChange, onConfirmChange, newLabel, confirmLabel } = props;
  const mismatch = confirm !== '' && confirm !== newPassword;
  return (
    <Stack gap="5">
      <Field.Root>
        <Field.Label>{newLabel}</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={limits.passwordMax}
          value={newPassword}
          onChange={(event) => onNewPasswordChange(event.target.value)}
        />
        <Field.HelperText>
          At least 8 characters, with lower and upper case letters and a number.
        </Field.HelperText>
      </Field.Root>
      <Field.Root invalid={mismatch}>
        <Field.Label>{confirmLabel}</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={limits.passwordMax}
          value={confirm}
          onChange={(event) => onConfirmChange(event.target.value)}
        />
        <Field.ErrorText>{messages.password.mismatchInline}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
