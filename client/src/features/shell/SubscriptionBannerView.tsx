import { Badge, Box, Text } from '@chakra-ui/react';
import type { User } from '@insight/shared';
import { subscriptionBanner } from '@insight/shared';

/** The trial or subscription notice at the right of the sub bar. */
export function SubscriptionBannerView({ user }: { user: User }) {
  const banner = subscriptionBanner(user);
  if (banner === null) return null;
  return (
    <Box
      role="note"
      aria-label="Subscription"
      bg="orange.subtle"
      borderWidth="1px"
      borderColor="orange.muted"
      rounded="md"
      px="3"
      py="1.5"
      maxW={{ lg: '2xl' }}
    >
      <Text fontSize="sm" lineHeight="short" color="fg">
        {banner.before}
        <Badge
          data-testid="days-left"
          data-urgent={banner.urgent}
          colorPalette={banner.urgent ? 'danger' : 'orange'}
          variant={banner.urgent ? 'solid' : 'surface'}
          size="sm"
          mx="0.5"
          verticalAlign="baseline"
        >
          {banner.days}
        </Badge>
        {banner.after}
      </Text>
    </Box>
  );
}
