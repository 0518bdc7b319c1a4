import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LockIcon } from './ui/icons';
import { StatusPanel } from './StatusPanel';

export function NoPermissionPanel() {
  return (
    <StatusPanel
      icon={<LockIcon />}
      tone="danger"
      title="You do not have permission"
      action={
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/">Back to home</RouterLink>
        </Button>
      }
    >
      Your account cannot open this page. If you think it should, contact your account administrator.
    </StatusPanel>
  );
}
