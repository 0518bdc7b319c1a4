/**
 * Deterministic randomness for the simulator. Every draw is a function of the seed and of named
 * coordinates (a date, a symbol, an analyst), never of when or in which order it is asked: the
 * market of a seed is the same whatever the machine, the start time or the requests made.
 */

/** A 32-bit hash of strings and numbers (FNV-1a, then a murmur finaliser for avalanche). */
export function hash32(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}\u0000`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** sfc32: small, fast, passes PractRand; four words of state seeded from the coordinates. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  constructor(...coordinates: (string | number)[]) {
    // One hash of the coordinates, spread over the four words by splitmix32.
    let state = hash32(...coordinates);
    const splitmix = () => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix() | 1;
    for (let i = 0; i < 8; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Standard normal (Box–Muller, the second value kept for the next call). */
  normal(): number {
    if (this.spare !== null) {
      const spare = this.spare;
      this.spare = null;
      return spare;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /**
   * Student-t with `df` degrees of freedom, scaled to unit variance: daily stock returns have fatter
   * tails than a normal, and df = 5 reproduces the kurtosis of real index returns reasonably.
   */
  studentT(df: number): number {
    let chiSquare = 0;
    for (let i = 0; i < df; i++) chiSquare += this.normal() ** 2;
    return (this.normal() / Math.sqrt(chiSquare / df)) * Math.sqrt((df - 2) / df);
  }
}
