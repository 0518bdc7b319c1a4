import { Box, Flex, Grid, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArrowRightIcon, BriefcaseIcon, RatingsIcon, ScannerIcon } from './icons';
import { homeTabPath } from './tabs';

interface HomeCard {
  title: string;
  description: string;
  tab: number;
  /** Where the card leads, when not its tab's screen. */
  to?: string;
  icon: ReactNode;
  palette: string;
}

/** Spec 001 §2 "Home dashboard": the three cards, each opening its tab. */
export const homeCards: readonly HomeCard[] = [
  {
    title: 'Opportunities Scanner',
    description: 'Scan a universe for stocks the best analysts rate, scored and ranked.',
    tab: 4,
    to: `${homeTabPath(4)}&tool=scanner`,
    icon: <ScannerIcon />,
    palette: 'blue',
  },
  {
    title: 'Portfolio',
    description: 'Your file: positions, cash, performance against the benchmarks.',
    tab: 3,
    icon: <BriefcaseIcon />,
    palette: 'brand',
  },
  {
    title: "Analysts' ratings",
    description: 'The live feed of buy and sell ratings, as they are published.',
    tab: 0,
    icon: <RatingsIcon />,
    palette: 'purple',
  },
];

export function HomeCards() {
  return (
    <Grid
      as="nav"
      aria-label="Sections"
      templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }}
      gap={{ base: '2', md: '4' }}
    >
      {homeCards.map((card) => (
        <LinkBox
          key={card.tab}
          as="article"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="xl"
          shadow="xs"
          p={{ base: '3', md: '5' }}
          transition="box-shadow 0.2s, border-color 0.2s, transform 0.2s"
          _hover={{ shadow: 'md', borderColor: 'border.emphasized', transform: 'translateY(-1px)' }}
          _motionReduce={{ transition: 'none', _hover: { transform: 'none' } }}
          _focusWithin={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
        >
          <Flex align="center" gap="3">
            <Flex
              align="center"
              justify="center"
              boxSize={{ base: '8', md: '10' }}
              rounded="lg"
              flexShrink={0}
              colorPalette={card.palette}
              bg="colorPalette.subtle"
              color="colorPalette.fg"
              fontSize="xl"
            >
              {card.icon}
            </Flex>
            <LinkOverlay asChild>
              <RouterLink to={card.to ?? homeTabPath(card.tab)}>
                <Text as="span" fontWeight="semibold" fontSize="md">
                  {card.title}
                </Text>
              </RouterLink>
            </LinkOverlay>
            <Box ms="auto" color="fg.subtle" aria-hidden>
              <ArrowRightIcon />
            </Box>
          </Flex>
          <Text mt="2.5" fontSize="sm" color="fg.muted" hideBelow="md">
            {card.description}
          </Text>
        </LinkBox>
      ))}
    </Grid>
  );
}
