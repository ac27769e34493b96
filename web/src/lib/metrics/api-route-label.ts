/**
 * The route label of an API call: its path with every segment that names one thing (a code, a number, a
 * date, an address, a token) replaced by `:id`, so `/occ/v2/b2b/users/current/orders/MV-000123` and every other
 * order become `/occ/v2/b2b/users/current/orders/:id`. The query string is never part of it. What slips through
 * (a word-like code) is still bounded: after MAX_ROUTES distinct labels the rest count as `other`.
 */
const MAX_ROUTES = 300;
const known = new Set<string>();

// A number, a code (MV-000123, SO-1), a date, a uuid, an address or a token; `b2b` and `v2` are words.
const namesOneThing = (segment: string) => /^\d+$/.test(segment) || /\d.*\d/.test(segment) || /\d.*[-_]|[-_].*\d/.test(segment) || /[@%.~]/.test(segment) || segment.length > 32;

export function apiRouteLabel(path: string): string {
  const label = (path.split('?')[0] ?? '')
    .split('/')
    .map((segment) => (namesOneThing(segment) ? ':id' : segment))
    .join('/');
  if (known.has(label)) return label;
  if (known.size >= MAX_ROUTES) return 'other';
  known.add(label);
  return label;
}
