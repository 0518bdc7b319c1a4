import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccounts } from '@insight/shared';
import { signIn } from './factories/users';
import { HttpClient } from './http';

/**
 * Gateway nodes as real processes (`src/server.ts` under tsx), for the scaled-mode tests: the cluster
 * suite and the fault suite start, kill and stop them the same way.
 */
export interface GatewayNode {
  name: string;
  baseUrl: string;
  process: ChildProcess;
  /** Everything the process printed, for a failing test's message. */
  output: string[];
}

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 200 ms until it answers something other than undefined. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** What a node says of its ingestion in /api/health ("live" or "following ..."). */
export async function ingestionOf(node: GatewayNode, timeoutMs = 5000): Promise<string | undefined> {
  const response = await fetch(`${node.baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json()) as { upstream?: { detail?: string } };
  return /ingestion ([^;]+)/.exec(body.upstream?.detail ?? '')?.[1];
}

export async function signedIn(node: GatewayNode, role: string) {
  const client = new HttpClient(node.baseUrl);
  await signIn(
    client,
    demoAccounts.find((account) => account.role === role)!,
  );
  return client;
}

/** The nodes a suite started, each with a data directory of its own, stopped together at its end. */
export class GatewayNodes {
  readonly nodes: GatewayNode[] = [];
  private readonly dataDirs: string[] = [];

  constructor(private readonly prefix: string) {}

  /** Starts a node and waits until its /api/health names its ingestion (it has started up). */
  async start(name: string, env: Record<string, string>, readyTimeoutMs = 90_000): Promise<GatewayNode> {
    const port = await freePort();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${this.prefix}-${name}-`));
    this.dataDirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node: GatewayNode = { name, baseUrl: `http://127.0.0.1:${port}`, process: child, output: [] };
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => node.output.push(String(chunk)));
    this.nodes.push(node);
    await until(
      `${name} answers /api/health`,
      async () => ((await ingestionOf(node)) ? true : undefined),
      readyTimeoutMs,
    );
    return node;
  }

  /** SIGTERM to every node still running, then their data directories removed. */
  async stopAll(): Promise<void> {
    const running = this.nodes.filter(
      (node) => node.process.exitCode === null && node.process.signalCode === null,
    );
    await Promise.all(
      running.map((node) => {
        const exited = new Promise<void>((resolve) => node.process.once('exit', () => resolve()));
        node.process.kill('SIGTERM');
        return exited;
      }),
    );
    await Promise.all(this.dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  }
}
