import { describe, expect, it } from 'vitest';
import { connecting, nextConnection, type ConnectionEvent, type ConnectionState } from './connection';

const connected = (recovered: boolean): ConnectionState => ({ status: 'connected', recovered });

describe('the connection state', () => {
  it.each<[string, ConnectionState, ConnectionEvent, ConnectionState]>([
    ['the first connect starts fresh', connecting, { type: 'connect', recovered: false }, connected(false)],
    [
      'a failed first attempt that will be retried is still connecting',
      connecting,
      { type: 'connect_error', willRetry: true },
      connecting,
    ],
    [
      'a drop that socket.io retries is reconnecting',
      connected(false),
      { type: 'disconnect', willRetry: true },
      { status: 'reconnecting', recovered: false },
    ],
    [
      'a failed retry keeps reconnecting',
      { status: 'reconnecting', recovered: false },
      { type: 'connect_error', willRetry: true },
      { status: 'reconnecting', recovered: false },
    ],
    [
      'a reconnect that got back what was missed is recovered',
      { status: 'reconnecting', recovered: false },
      { type: 'connect', recovered: true },
      connected(true),
    ],
    [
      'a reconnect the server could not recover is not',
      { status: 'reconnecting', recovered: true },
      { type: 'connect', recovered: false },
      connected(false),
    ],
    [
      'the server refusing the socket (no session) is offline: socket.io does not retry',
      connecting,
      { type: 'connect_error', willRetry: false },
      { status: 'offline', recovered: false },
    ],
    [
      'the server closing the socket is offline',
      connected(true),
      { type: 'disconnect', willRetry: false },
      { status: 'offline', recovered: true },
    ],
  ])('%s', (_case, state, event, expected) => {
    expect(nextConnection(state, event)).toEqual(expected);
  });
});
