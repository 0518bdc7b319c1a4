// `npm start`: build the client if it is missing or older than its sources, then run the gateway with
// the embedded defaults (PGlite under ./data, the built-in simulated market, demo accounts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The supported Node versions are package.json's `engines` (README's "Start"): said plainly, not as a
// stack trace from a missing API.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Insight needs Node.js 20.19 or later; this is ${process.version}. Please upgrade Node.js.`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'client/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [
  path.join(root, 'client/src'),
  path.join(root, 'shared/src'),
  path.join(root, 'client/index.html'),
];
const sourcesTime = Math.max(
  ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)),
);
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sourcesTime) {
  console.log('Building the client…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env };
if (env.NODE_ENV !== 'production' && env.DEMO_SEED === undefined) env.DEMO_SEED = '1';
if (env.NODE_ENV !== 'production' && env.DEMO_HISTORY === undefined) env.DEMO_HISTORY = '1';
const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
