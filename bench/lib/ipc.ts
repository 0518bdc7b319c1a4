import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bench's processes and how they talk: each gateway node, client node and plain `ws` server is a
 * child process that answers commands over Node IPC (one request, one answer, by id). Every child is
 * registered here and killed when the bench process ends in any way; a child also ends by itself when
 * its parent goes away (the IPC channel closes) or after a fixed lifetime.
 */

/** The commands a child answers: methods of one argument (or none). */
export type Methods<A> = { [K in keyof A]: (...args: never[]) => unknown };

interface Request {
  id: number;
  cmd: string;
  args: unknown;
}
type Response = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
interface Ready {
  ready: true;
  info: unknown;
}

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills every child still running (SIGKILL: used at exit and on timeouts, when nothing else will). */
export function killAllChildren() {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export interface SpawnOptions {
  /** A label for its output lines and errors, e.g. "gateway". */
  name: string;
  /** The script, relative to bench/. */
  script: string;
  env?: Record<string, string | undefined>;
  /** Pins the process to this core (taskset -c). */
  cpu?: number;
  /** Extra node flags, e.g. --expose-gc. */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

/** A running child and its commands. */
export class Child<A extends Methods<A>> {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  /** The last lines it printed, for the error when it fails. */
  private readonly tail: string[] = [];
  readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => process.once('exit', (code) => resolve(code)));
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        this.tail.push(line);
        if (this.tail.length > 40) this.tail.shift();
        // Only what a child says unasked (warnings, errors) reaches here: print it, marked.
        console.error(`  [${name}] ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
      }
    };
    // A send to a child that has just died fails here, asynchronously; its exit is handled below.
    process.on('error', (error) => this.tail.push(`(ipc: ${error.message})`));
    process.stdout?.on('data', keep);
    process.stderr?.on('data', keep);
    process.on('message', (message: Response) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(`${name}: ${message.error}`));
    });
    void this.exited.then((code) => {
      live.delete(process);
      for (const [, waiting] of this.pending) {
        clearTimeout(waiting.timer);
        waiting.reject(
          new Error(`${name} exited (code ${code}) while a command ran\n${this.tail.join('\n')}`),
        );
      }
      this.pending.clear();
    });
  }

  /** Starts a child and waits for it to say it is ready; resolves with the child and what it told. */
  static async start<A extends Methods<A>, I = unknown>(
    options: SpawnOptions,
  ): Promise<{ child: Child<A>; info: I }> {
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', killAllChildren);
    }
    // BENCH_CPU_PROF=dir: each child writes a V8 CPU profile there when it exits (see bench/README.md).
    const profile = process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
    const nodeArgs = [
      ...profile,
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      path.join(benchDir, options.script),
    ];
    const [command, args] =
      options.cpu === undefined
        ? [process.execPath, nodeArgs]
        : ['taskset', ['-c', String(options.cpu), process.execPath, ...nodeArgs]];
    const proc = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    live.add(proc);
    const child = new Child<A>(options.name, proc);
    const timeoutMs = options.readyTimeoutMs ?? 60_000;
    const info = await new Promise<I>((resolve, reject) => {
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`${options.name} was not ready within ${timeoutMs} ms\n${child.tail.join('\n')}`));
      }, timeoutMs);
      const onMessage = (message: Ready | Response) => {
        if (!('ready' in message)) return;
        clearTimeout(timer);
        proc.off('message', onMessage);
        resolve(message.info as I);
      };
      proc.on('message', onMessage);
      void child.exited.then((code) => {
        clearTimeout(timer);
        reject(
          new Error(`${options.name} exited (code ${code}) before it was ready\n${child.tail.join('\n')}`),
        );
      });
    });
    return { child, info };
  }

  /** Runs a command in the child; rejects after `timeoutMs` or when the child fails or exits. */
  call<K extends keyof A & string>(
    cmd: K,
    args?: Parameters<A[K]>[0],
    timeoutMs = 180_000,
  ): Promise<Awaited<ReturnType<A[K]>>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.name}: '${cmd}' did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      if (!this.process.connected) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new Error(`${this.name} is gone: '${cmd}' not sent`));
        return;
      }
      this.process.send({ id, cmd, args } satisfies Request);
    });
  }

  /** Asks the child to exit (its 'exit' command), and kills it if it has not within `graceMs`. */
  async stop(graceMs = 15_000) {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    if (!this.process.connected) {
      this.process.kill('SIGKILL');
      await this.exited;
      return;
    }
    const killer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    try {
      this.process.send({ id: 0, cmd: 'exit', args: undefined } satisfies Request);
    } catch {
      this.process.kill('SIGKILL');
    }
    await this.exited;
    clearTimeout(killer);
  }
}

/**
 * The child's side: answers the parent's commands with `api`, tells it is ready, and ends when the
 * parent is gone, on the 'exit' command, or after BENCH_CHILD_MAX_MS (a bench never hangs around).
 */
export function serve<A extends Methods<A>>(
  api: A,
  info: unknown,
  onExit: () => Promise<void> = async () => {},
) {
  const send = (message: Response | Ready) => process.send?.(message);
  const exit = (code: number) => {
    const force = setTimeout(() => process.exit(code), 10_000);
    force.unref();
    void onExit().finally(() => process.exit(code));
  };
  process.on('message', (message: Request) => {
    if (message.cmd === 'exit') return exit(0);
    const method = (api as unknown as Record<string, ((args: unknown) => unknown) | undefined>)[message.cmd];
    if (typeof method !== 'function') {
      send({ id: message.id, ok: false, error: `no command '${message.cmd}'` });
      return;
    }
    Promise.resolve()
      .then(() => method.call(api, message.args))
      .then(
        (result) => send({ id: message.id, ok: true, result }),
        (error: unknown) =>
          send({
            id: message.id,
            ok: false,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
      );
  });
  process.on('disconnect', () => exit(0));
  const lifetime = setTimeout(
    () => {
      console.error(`lifetime of ${process.env.BENCH_CHILD_MAX_MS} ms exceeded: exiting`);
      process.exit(3);
    },
    Number(process.env.BENCH_CHILD_MAX_MS ?? 15 * 60_000),
  );
  lifetime.unref();
  send({ ready: true, info });
}
