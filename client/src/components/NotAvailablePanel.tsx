import { ClockIcon } from './ui/icons';
import { StatusPanel } from './StatusPanel';

/** An honest placeholder for a screen that a later release brings. */
export function NotAvailablePanel({ title }: { title: string }) {
  return (
    <StatusPanel icon={<ClockIcon />} title={title}>
      This screen is not available yet: it arrives in a later release of Insight.
    </StatusPanel>
  );
}
