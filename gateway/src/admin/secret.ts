import readline from 'node:readline';
import type { SecretReader } from './command';

/**
 * Reads secrets without echoing them: on a terminal, raw mode with nothing printed back; from a pipe
 * (automation: `printf 'Secret1a\nSecret1a\n' | npm run admin:create -- --email ...`), one line each.
 */
export function terminalSecretReader(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): { read: SecretReader; close: () => void } {
  if (!input.isTTY) {
    const lines = readline.createInterface({ input, terminal: false })[Symbol.asyncIterator]();
    return {
      read: async (prompt) => {
        output.write(prompt);
        const next = await lines.next();
        output.write('\n');
        return next.done ? '' : String(next.value);
      },
      close: () => input.pause(),
    };
  }
  return {
    read: (prompt) =>
      new Promise((resolve, reject) => {
        output.write(prompt);
        let typed = '';
        input.setRawMode(true);
        input.resume();
        input.setEncoding('utf8');
        const onData = (chunk: string) => {
          for (const char of chunk) {
            if (char === '\r' || char === '\n' || char === '\u0004') {
              finish();
              resolve(typed);
              return;
            }
            if (char === '\u0003') {
              finish();
              reject(new Error('cancelled'));
              return;
            }
            if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
            else typed += char;
          }
        };
        const finish = () => {
          input.off('data', onData);
          input.setRawMode(false);
          input.pause();
          output.write('\n');
        };
        input.on('data', onData);
      }),
    close: () => input.pause(),
  };
}
