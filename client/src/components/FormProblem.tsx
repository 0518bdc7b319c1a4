import { Alert } from '@chakra-ui/react';
import { ServerMessage } from './ServerMessage';

/**
 * A form's message for the user, announced when it appears. Renders nothing without one. The text
 * may come from the server, so it goes through ServerMessage (links kept, other markup dropped).
 */
export function FormProblem({ message, id }: { message: string | null; id?: string }) {
  if (message === null) return null;
  return (
    <Alert.Root status="error" variant="subtle" size="sm" role="alert" id={id} colorPalette="danger">
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">
        <ServerMessage message={message} />
      </Alert.Title>
    </Alert.Root>
  );
}
