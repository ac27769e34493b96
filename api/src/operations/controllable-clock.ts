/**
 * The API's sense of "now", shifted by an offset a browser test sets (PUT /test/clock), so a test can
 * stand just before a delivery cut-off and watch it pass. Time keeps flowing from the instant set. Only
 * built when the configuration allows clock control, which production refuses (config/config.ts).
 */
export class ControllableClock {
  private offsetMs = 0;
  private readonly listeners: (() => void)[] = [];

  /** A delivery Clock (delivery/delivery-dates.ts); typed here by its shape, as operations/ imports no feature. */
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  /** From now on, "now" reads `instant` plus the time since; null goes back to the real time. */
  set(instant: Date | null): void {
    this.offsetMs = instant === null ? 0 : instant.getTime() - Date.now();
    for (const listener of this.listeners) listener();
  }

  /** Work that runs at set instants (the standing-order scheduler) looks again whenever the clock is moved. */
  onSet(listener: () => void): void {
    this.listeners.push(listener);
  }
}
