import { Badge, Box, Flex, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { CompanyProfile, Stock } from '@insight/shared';
import { Link as RouterLink } from 'react-router';
import { AddToPortfolioButton } from '../portfolio/positionDialog/AddToPortfolioButton';
import { WatchStar } from '../watchlist/WatchStar';
import type { LivePrice } from './live';
import { LivePriceView } from './LivePriceView';

interface StockHeaderProps {
  stock: Stock;
  profile: CompanyProfile;
  price: LivePrice;
  live: boolean;
}

/**
 * The stock page's header (spec 000 §2): exchange and symbol, the company's name with the follow
 * star, its sector with the sector's ETF (a stock page of its own), and the live price.
 */
export function StockHeader({ stock, profile, price, live }: StockHeaderProps) {
  const sector = stock.sector ?? profile.sector;
  const etf = stock.security_etf ?? profile.sector_etf;
  // An ETF's own page does not link to itself.
  const etfLink = etf !== null && etf !== stock.symbol ? etf : null;
  return (
    <Flex
      as="header"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '4', md: '6' }}
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      gap={{ base: '4', md: '8' }}
      position="relative"
      overflow="hidden"
    >
      <Box position="absolute" insetStart="0" top="0" bottom="0" w="1" bg="insight.green" aria-hidden />
      <Stack gap="2" minW="0">
        <HStack gap="2" fontSize="sm" color="fg.muted" fontWeight="medium">
          <Text as="span" fontWeight="bold" color="fg" letterSpacing="0.02em" data-testid="stock-symbol">
            {stock.symbol}
          </Text>
          <Text as="span" aria-hidden>
            ·
          </Text>
          <Text as="span" data-testid="stock-exchange">
            {stock.StockExchange || profile.exchange}
          </Text>
        </HStack>
        <HStack gap="2" align="center" minW="0">
          <Heading
            as="h1"
            size={{ base: 'xl', md: '2xl' }}
            letterSpacing="-0.02em"
            lineHeight="1.15"
            minW="0"
            overflowWrap="anywhere"
          >
            {stock.Name || profile.name}
          </Heading>
          <HStack flexShrink={0} gap="0.5">
            <WatchStar symbol={stock.symbol} />
            <AddToPortfolioButton symbol={stock.symbol} />
          </HStack>
        </HStack>
        <HStack gap="2" wrap="wrap">
          {sector && (
            <Badge size="md" variant="subtle" colorPalette="gray" data-testid="stock-sector">
              {sector}
              {etfLink && (
                <>
                  <Text as="span" color="fg.subtle" aria-hidden>
                    ·
                  </Text>
                  <Link asChild color="brand.fg" fontWeight="semibold" aria-label={`Sector ETF ${etfLink}`}>
                    <RouterLink to={`/stock/${encodeURIComponent(etfLink)}`}>{etfLink}</RouterLink>
                  </Link>
                </>
              )}
            </Badge>
          )}
          {profile.industry && (
            <Badge size="md" variant="outline" colorPalette="gray">
              {profile.industry}
            </Badge>
          )}
        </HStack>
      </Stack>
      <LivePriceView price={price} live={live} />
    </Flex>
  );
}
