import { Alert } from '@chakra-ui/react';

/** A form's message for the user, announced when it appears. Renders nothing without one. */
export function FormProblem({ message, id }: { message: string | null; id?: string }) {
  if (message === null) return null;
  return (
    <Alert.Root status="error" variant="subtle" size="sm" role="alert" id={id} colorPalette="danger">
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}
