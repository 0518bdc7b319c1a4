import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { StatusPanel } from '../../components/StatusPanel';
import { homeTabPath } from '../home/tabs';
import { AlertIcon } from './icons';

/** The spec's error view (000 §8): its heading, then which read failed; a retry when one may help. */
export const stockErrorTitle = 'Oops! something went wrong :(';

export function StockErrorView({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <StatusPanel
      icon={<AlertIcon />}
      tone="danger"
      title={stockErrorTitle}
      action={
        <HStack gap="3" pt="2">
          {onRetry && (
            <Button size="sm" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Button asChild size="sm" variant={onRetry ? 'outline' : 'solid'}>
            <RouterLink to={homeTabPath(6)}>Back to home</RouterLink>
          </Button>
        </HStack>
      }
    >
      <span role="alert">{message}</span>
    </StatusPanel>
  );
}
