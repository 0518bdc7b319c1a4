import { Observable } from 'rxjs';
import type { AppSocket } from './listen';

/**
 * The socket's state for the UI: `offline` while nobody is signed in or the server refused the
 * socket (it does not retry then), `connecting` on the first attempt, `connected`, and
 * `reconnecting` while socket.io retries after a drop. `recovered` tells whether the last connect
 * got back what was missed (design §5 connection state recovery); false after a fresh start.
 */
export type ConnectionStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

export interface ConnectionState {
  status: ConnectionStatus;
  recovered: boolean;
}

export type ConnectionEvent =
  | { type: 'connect'; recovered: boolean }
  /** `willRetry` is socket.io's `socket.active` right after the event. */
  | { type: 'disconnect'; willRetry: boolean }
  | { type: 'connect_error'; willRetry: boolean };

export const offline: ConnectionState = { status: 'offline', recovered: false };
export const connecting: ConnectionState = { status: 'connecting', recovered: false };

export function nextConnection(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'connect':
      return { status: 'connected', recovered: event.recovered };
    case 'disconnect':
      return { status: event.willRetry ? 'reconnecting' : 'offline', recovered: state.recovered };
    case 'connect_error':
      if (!event.willRetry) return { status: 'offline', recovered: state.recovered };
      return {
        status: state.status === 'connecting' ? 'connecting' : 'reconnecting',
        recovered: state.recovered,
      };
  }
}

/** The state of one socket, from its lifecycle events. */
export function connectionOf(socket: AppSocket): Observable<ConnectionState> {
  return new Observable<ConnectionState>((subscriber) => {
    let state: ConnectionState = socket.connected
      ? { status: 'connected', recovered: socket.recovered === true }
      : connecting;
    subscriber.next(state);
    const apply = (event: ConnectionEvent) => {
      state = nextConnection(state, event);
      subscriber.next(state);
    };
    const onConnect = () => apply({ type: 'connect', recovered: socket.recovered === true });
    const onDisconnect = () => apply({ type: 'disconnect', willRetry: socket.active });
    const onError = () => apply({ type: 'connect_error', willRetry: socket.active });
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onError);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onError);
    };
  });
}
