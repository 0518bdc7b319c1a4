/**
 * The simulator's clock: real time, optionally faster (SIM_SPEED), plus whatever a test or a demo
 * moved it forward by. At speed 1 with no advance it is the wall clock.
 */
export class SimClock {
  private readonly realStart: number;
  private offsetMs = 0;

  constructor(
    private readonly speed = 1,
    private readonly startAt = Date.now(),
    private readonly wallClock: () => number = Date.now,
  ) {
    this.realStart = wallClock();
  }

  now(): Date {
    return new Date(this.startAt + (this.wallClock() - this.realStart) * this.speed + this.offsetMs);
  }

  advance(minutes: number) {
    this.offsetMs += minutes * 60_000;
  }
}
