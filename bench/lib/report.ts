/** What a benchmark hands back for the summary: its rows of the Markdown table, and notes under it. */
export interface BenchResult {
  /** [benchmark, measured, target, verdict] per line. */
  rows: string[][];
  notes: string[];
}

export type Benchmark = () => Promise<BenchResult>;
