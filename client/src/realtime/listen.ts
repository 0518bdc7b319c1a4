import type { ClientToServerEvents, ServerToClientEvents } from '@insight/shared';
import { Observable } from 'rxjs';
import type { Socket } from 'socket.io-client';

/** The one socket's type: the shared event maps decide what each side may send (style.md habit 6). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ServerEvent = keyof ServerToClientEvents;
export type PayloadOf<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** A server event as a stream; unsubscribing removes the listener. */
export function on$<E extends ServerEvent>(socket: AppSocket, event: E): Observable<PayloadOf<E>> {
  return new Observable<PayloadOf<E>>((subscriber) => {
    // socket.io's listener types do not follow a generic event name; the payload type above does.
    const listener = ((payload: PayloadOf<E>) => subscriber.next(payload)) as ServerToClientEvents[E];
    socket.on(event as ServerEvent, listener as never);
    return () => {
      socket.off(event as ServerEvent, listener as never);
    };
  });
}

/**
 * Emits each time the socket starts without what it had: on subscribing while already connected,
 * then on every connect that did not recover (the first one, and any after the server forgot us).
 * A recovered reconnect replays what was missed, so it is not a fresh start.
 */
export function freshConnects$(socket: AppSocket): Observable<void> {
  return new Observable<void>((subscriber) => {
    if (socket.connected) subscriber.next();
    const onConnect = () => {
      if (socket.recovered !== true) subscriber.next();
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  });
}
