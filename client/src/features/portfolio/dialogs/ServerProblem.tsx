import { Box, HStack, Text } from '@chakra-ui/react';
import { AlertIcon } from '../icons';

/** What the server said when a call failed, inside the dialog that made it (spec 001 §8). */
export function ServerProblem({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Box role="alert" bg="danger.subtle" color="danger.fg" rounded="md" px="3" py="2" mt="4">
      <HStack gap="2" align="start">
        <Box pt="0.5">
          <AlertIcon />
        </Box>
        <Text fontSize="sm">{message}</Text>
      </HStack>
    </Box>
  );
}
