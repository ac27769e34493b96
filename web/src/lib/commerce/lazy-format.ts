/**
 * A formatter made on first use. Making an Intl formatter loads locale data, tens of milliseconds on a phone:
 * a module that a page loads but whose formatter it never calls must not charge that to the page's start-up
 * (docs/phone.md, "Speed").
 */
export function lazyFormat<F>(make: () => F): () => F {
  let made: F | undefined;
  return () => (made ??= make());
}
