/**
 * Milliseconds on CLOCK_MONOTONIC. Every process on one Linux host reads the same clock, so a time
 * taken in the gateway process and one taken in a client process subtract exactly; the wall clock
 * (performance.timeOrigin + performance.now()) is fixed per process at start and may differ between
 * processes by a fraction of a millisecond, which is the size of what is measured here.
 */
export const monoMs = () => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
