import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { MonitorSettingsDialog } from './MonitorSettingsDialog';
import { NotificationsBell } from './NotificationsBell';
import { SlidersIcon } from './icons';

/** The portfolio toolbar's monitor part (spec 001 §2): monitor settings, and the notifications bell. */
export function MonitorToolbar({ portfolioId }: { portfolioId: number }) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setSettingsOpen(true)}>
        <SlidersIcon />
        Monitor settings
      </Button>
      <NotificationsBell portfolioId={portfolioId} />
      <MonitorSettingsDialog
        portfolioId={portfolioId}
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
      />
    </>
  );
}
