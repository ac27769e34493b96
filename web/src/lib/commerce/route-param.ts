/**
 * A dynamic segment of the address as the page should read it. Hand-edited addresses may hold broken escapes
 * (`/category/%E0%A4%A/`): those name nothing, so the caller answers 404 instead of failing with a 500.
 */
export function decodedRouteParam(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
