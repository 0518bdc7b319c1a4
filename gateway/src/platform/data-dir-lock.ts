import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's directory for this process. PGlite has no locking of its own and two
 * processes on the same files would corrupt them, so a second process fails here with a clear message.
 * A lock left by a process that died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'insight.lock');
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; host?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof holder;
      } catch {
        // unreadable lock: treat as stale
      }
      const sameHost = holder.host === undefined || holder.host === os.hostname();
      if (holder.pid && holder.pid !== process.pid && (!sameHost || isAlive(holder.pid))) {
        throw new Error(
          `The data directory ${dir} is in use by another Insight process (pid ${holder.pid} on ${holder.host ?? 'this host'}). ` +
            'Stop that process, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
