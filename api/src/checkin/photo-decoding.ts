/**
 * A gate in front of sharp: at most `maxDecodes` photos are decoded at once, and together they may decode at
 * most `pixelBudget` pixels, so a burst of large photos waits its turn instead of taking the process's memory.
 * One photo larger than the whole budget is refused before it gets here (MAX_PHOTO_PIXELS ≤ the budget).
 */
export class DecodeGate {
  private running = 0;
  private pixels = 0;
  private readonly waiting: { pixels: number; start: () => void }[] = [];
  /** Decodes begun since the process started, and the most pixels ever decoded at once: read by the tests. */
  readonly stats = { started: 0, peakDecodes: 0, peakPixels: 0 };

  constructor(
    private readonly maxDecodes: number,
    private readonly pixelBudget: number,
  ) {}

  async run<T>(pixels: number, decode: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ pixels, start });
      this.next();
    });
    try {
      return await decode();
    } finally {
      this.running -= 1;
      this.pixels -= pixels;
      this.next();
    }
  }

  /** Starts waiting decodes in arrival order while they fit; the first that does not fit holds the rest back. */
  private next(): void {
    for (let first = this.waiting[0]; first && this.fits(first.pixels); first = this.waiting[0]) {
      this.waiting.shift();
      this.running += 1;
      this.pixels += first.pixels;
      this.stats.started += 1;
      this.stats.peakDecodes = Math.max(this.stats.peakDecodes, this.running);
      this.stats.peakPixels = Math.max(this.stats.peakPixels, this.pixels);
      first.start();
    }
  }

  private fits(pixels: number): boolean {
    return this.running < this.maxDecodes && (this.running === 0 || this.pixels + pixels <= this.pixelBudget);
  }
}
