import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StatusPanelProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  tone?: 'brand' | 'danger' | 'gray';
  action?: ReactNode;
}

/** A calm, centred card that tells the user what a screen is (or is not) showing. */
export function StatusPanel({ icon, title, children, tone = 'brand', action }: StatusPanelProps) {
  return (
    <Box
      as="section"
      aria-labelledby="status-panel-title"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      px={{ base: '6', md: '10' }}
      py={{ base: '10', md: '14' }}
      maxW="2xl"
      mx="auto"
      textAlign="center"
    >
      <Stack align="center" gap="4">
        <Box
          colorPalette={tone}
          bg="colorPalette.subtle"
          color="colorPalette.fg"
          rounded="full"
          p="3"
          fontSize="2xl"
          lineHeight="0"
        >
          {icon}
        </Box>
        <Heading as="h1" id="status-panel-title" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted" maxW="md">
          {children}
        </Text>
        {action}
      </Stack>
    </Box>
  );
}
