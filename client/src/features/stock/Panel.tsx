import { Box, Flex, Heading, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PanelProps extends Omit<BoxProps, 'title'> {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: ReactNode;
  /** Controls at the heading's right (range buttons, a count). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One card of the stock page: a titled section on the panel background. */
export function Panel({ id, title, actions, children, ...props }: PanelProps) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '4', md: '6' }}
      minW="0"
      {...props}
    >
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="md" id={id} letterSpacing="-0.01em">
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </Box>
  );
}
