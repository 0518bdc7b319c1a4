import { ClockIcon } from '../../components/ui/icons';
import { StatusPanel } from '../../components/StatusPanel';

/** A tool whose screen a later release brings: it says so, calmly (not an error). */
export function ArrivesLaterPanel({ title, arrivesWith }: { title: string; arrivesWith: string }) {
  return (
    <StatusPanel icon={<ClockIcon />} title={title} tone="gray">
      This tool arrives with {arrivesWith}, in a coming release of Insight. The other tools in the menu are
      ready to use.
    </StatusPanel>
  );
}
