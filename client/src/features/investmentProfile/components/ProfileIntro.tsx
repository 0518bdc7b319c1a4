import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BriefcaseIcon, ChartIcon, PlusIcon } from '../../../components/ui/icons';

interface Step {
  title: string;
  text: string;
  icon: ReactNode;
}

const steps: Step[] = [
  {
    title: 'Define your profile',
    text: 'Choose the sectors you invest in and set filters on market cap, beta, valuation and more.',
    icon: <PlusIcon />,
  },
  {
    title: 'Receive opportunities',
    text: 'Analysts’ ratings on the stocks that pass your filters arrive as alerts the moment they are published.',
    icon: <ChartIcon />,
  },
  {
    title: 'Follow them on the watchlist',
    text: 'Keep the opportunities you like on the watchlist and follow their prices and targets live.',
    icon: <BriefcaseIcon />,
  },
];

/** Spec 000 §2: with no sector selected, a three-step intro. */
export function ProfileIntro({ onAddSector, canAdd }: { onAddSector: () => void; canAdd: boolean }) {
  return (
    <Box
      as="section"
      aria-labelledby="profile-intro-title"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      px={{ base: '5', md: '8' }}
      py={{ base: '6', md: '8' }}
    >
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h2" id="profile-intro-title" size="xl">
            Build your investment profile in three steps
          </Heading>
          <Text color="fg.muted">Pick a sector on the left, or add your first one, to start.</Text>
        </Stack>
        <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="4" listStyleType="none" aria-label="Steps">
          {steps.map((step, index) => (
            <Stack
              as="li"
              key={step.title}
              gap="3"
              p="4"
              rounded="lg"
              bg="bg.subtle"
              borderWidth="1px"
              borderColor="border"
            >
              <Flex align="center" gap="3">
                <Flex
                  colorPalette="brand"
                  bg="colorPalette.solid"
                  color="colorPalette.contrast"
                  rounded="full"
                  boxSize="8"
                  align="center"
                  justify="center"
                  fontWeight="bold"
                  flexShrink={0}
                >
                  {index + 1}
                </Flex>
                <Heading as="h3" size="md">
                  {step.title}
                </Heading>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {canAdd && (
          <Box>
            <Button onClick={onAddSector}>
              <PlusIcon /> Add sector
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
