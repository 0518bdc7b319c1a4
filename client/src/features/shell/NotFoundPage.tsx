import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PublicCard, PublicPage } from '../../components/PublicPage';
import { SearchIcon } from '../../components/ui/icons';

/** Spec 000 §2: any path the route table does not know. */
export function NotFoundPage() {
  return (
    <PublicPage>
      <PublicCard>
        <Stack gap="4" align="center" textAlign="center" py="4">
          <Box
            colorPalette="brand"
            bg="colorPalette.subtle"
            color="colorPalette.fg"
            rounded="full"
            p="3"
            fontSize="2xl"
            lineHeight="0"
          >
            <SearchIcon />
          </Box>
          <Heading as="h1" size="2xl">
            Oh! No! 404
          </Heading>
          <Text color="fg.muted">Sorry, there&apos;s nothing here</Text>
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/">Let&apos;s go back home...</RouterLink>
          </Link>
        </Stack>
      </PublicCard>
    </PublicPage>
  );
}
