import { profileMessages, type ProfileRebuildEvent } from '@insight/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { notify, toaster, toastDuration } from '../../components/ui/toaster';
import { profileRebuildsAtom } from './atoms';

export interface RebuildView {
  /** The "Updating profile..." overlay is up. */
  open: boolean;
  /** The progress the server pushed last (or read with the profile), if any. */
  progress: ProfileRebuildEvent | null;
  /** Runs `send` (a save or a Rebuild Team), then follows the pushed progress to the end. */
  start: (send: () => Promise<{ msg: string }>) => Promise<boolean>;
  /** Hides the overlay; the rebuild goes on in the background. */
  hide: () => void;
}

const running = (event: ProfileRebuildEvent | null | undefined) =>
  event?.state === 'queued' || event?.state === 'running';

/**
 * Spec 000 §4: saving (or Rebuild Team) queues the profile's rebuild; the overlay follows the
 * 'profile:rebuild' pushes for this profile until one says done or failed. `onFinished` runs then.
 */
export function useRebuild(
  profileId: number | null,
  initial: ProfileRebuildEvent | null,
  onFinished: (state: 'done' | 'failed') => void,
): RebuildView {
  const rebuilds = useAtomValue(profileRebuildsAtom);
  const pushed = profileId === null ? undefined : rebuilds[profileId];
  const [sending, setSending] = useState(false);
  // The push order at the moment of asking: only a later push ends what this tab started.
  const [awaitingAfter, setAwaitingAfter] = useState<number | null>(null);
  const [hidden, setHidden] = useState(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    if (awaitingAfter === null || pushed === undefined || pushed.seq <= awaitingAfter) return;
    if (pushed.state === 'done' || pushed.state === 'failed') {
      setAwaitingAfter(null);
      finished.current(pushed.state);
      if (pushed.state === 'failed')
        notify.error(`${profileMessages.saveFailedPrefix}the rebuild did not finish`);
    }
  }, [pushed, awaitingAfter]);

  const current = pushed ?? initial;
  const open = !hidden && (sending || awaitingAfter !== null || running(current));

  async function start(send: () => Promise<{ msg: string }>): Promise<boolean> {
    setHidden(false);
    setSending(true);
    setAwaitingAfter(pushed?.seq ?? 0);
    try {
      const answer = await send();
      toaster.create({
        type: 'info',
        title: profileMessages.rebuildTitle,
        description: answer.msg || profileMessages.saved,
        duration: toastDuration,
        closable: true,
      });
      return true;
    } catch (error) {
      setAwaitingAfter(null);
      notify.error(`${profileMessages.saveFailedPrefix}${errorMessage(error, '')}`);
      return false;
    } finally {
      setSending(false);
    }
  }

  // While waiting for its own rebuild, the overlay shows only pushes that came after asking.
  const progress =
    awaitingAfter !== null
      ? pushed !== undefined && pushed.seq > awaitingAfter
        ? pushed
        : null
      : (current ?? null);
  return { open, progress, start, hide: () => setHidden(true) };
}
