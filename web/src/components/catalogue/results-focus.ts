/**
 * Paging asks for the results' heading to take focus once the new page shows (issue 13: page 2 used to open at
 * the pager, with focus on it). The request names the address it is for, so one that never arrives (a failed
 * navigation) cannot move focus on a later page.
 */
let requested: string | undefined;

const addressOf = (href: string): string => {
  const url = new URL(href, window.location.href);
  return `${url.pathname}${url.search}`;
};

export function focusResultsAfterNavigatingTo(href: string): void {
  requested = addressOf(href);
}

/** True once, on the page that was asked for. */
export function takeResultsFocusRequest(): boolean {
  if (requested === undefined || requested !== addressOf(window.location.href)) return false;
  requested = undefined;
  return true;
}
