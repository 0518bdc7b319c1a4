import type { AppMessage } from '@insight/shared/apps/schemas';
import { scan, startWith, type Observable } from 'rxjs';
import { on$, type AppSocket } from './listen';

export const noAppMessages: readonly AppMessage[] = [];

/**
 * The app's broadcasts this socket heard (`app:message`, sent to the mobile view's app room, or from
 * the outbox on connect), newest first. A message heard twice (sent while this socket was joining)
 * is kept once, by id.
 */
export function appMessagesOf(socket: AppSocket): Observable<readonly AppMessage[]> {
  return on$(socket, 'app:message').pipe(
    scan(
      (heard: readonly AppMessage[], message) =>
        heard.some((known) => known.id === message.id) ? heard : [message, ...heard],
      noAppMessages,
    ),
    startWith(noAppMessages),
  );
}
