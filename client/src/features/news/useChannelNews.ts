import type { NewsItem } from '@insight/shared';
import type { NewsChannel } from '@insight/shared/upstream/contract';
import { useCallback, useEffect, useState } from 'react';
import { newsCalls } from './api';

export type ChannelNews =
  { status: 'loading' } | { status: 'ready'; news: readonly NewsItem[] } | { status: 'failed' };

/**
 * The channel's first page of news, read again when the channel changes; a read for a channel no
 * longer shown is aborted, so a slow answer never lands under another channel's tab.
 */
export function useChannelNews(channel: NewsChannel): { state: ChannelNews; retry: () => void } {
  // Each state says whose it is: the render after a switch must not show the last channel's stories.
  const [read, setRead] = useState<{ channel: NewsChannel; attempt: number; state: ChannelNews } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    newsCalls.channel(channel, controller.signal).then(
      (news) => setRead({ channel, attempt, state: { status: 'ready', news } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec 000 §8: list errors are logged; the page offers to try again.
        console.warn(`[news] could not read ${channel}`, error);
        setRead({ channel, attempt, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [channel, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = read !== null && read.channel === channel && read.attempt === attempt;
  return { state: current ? read.state : { status: 'loading' }, retry };
}
