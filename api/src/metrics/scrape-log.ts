/** Where a metric that could not be read says so; the scrape goes on without that metric. */
export interface ScrapeLog {
  warn(details: object, message: string): void;
}
