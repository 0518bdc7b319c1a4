/**
 * A file's rows as last read, kept by file while the revision they were read at still holds
 * (migration 0018: the database moves it at every change of the file's lots or fund entries, on any
 * node). A read of a file at its limit (500 open lots and their closed ones) then reads the one
 * revision instead of a thousand rows (issue 14 §5, bench/lots.ts). Entries are replaced, never
 * changed: readers share them and must not change them either.
 */
export class FileRowsCache<T> {
  private readonly entries = new Map<number, { revision: string; value: T }>();

  constructor(private readonly capacity: number) {}

  get(fileId: number, revision: string): T | undefined {
    const entry = this.entries.get(fileId);
    if (entry === undefined || entry.revision !== revision) return undefined;
    // Newest use last: the first key is the least recently used.
    this.entries.delete(fileId);
    this.entries.set(fileId, entry);
    return entry.value;
  }

  /**
   * Keeps `value`, read after the revision was: it is at least as new as `revision` (a change in
   * between moved the revision on, so the next reader will not take it).
   */
  set(fileId: number, revision: string, value: T): void {
    this.entries.delete(fileId);
    this.entries.set(fileId, { revision, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
