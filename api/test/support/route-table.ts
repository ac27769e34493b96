export interface Route {
  method: string;
  path: string;
}

/**
 * Every route the server has, read from its own route table (`printRoutes`), so a cart or order route
 * added later is attacked here too without anyone remembering to list it.
 */
export function routeTable(printed: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([\s│├└─]*)(\/\S*)(?: \(([^)]+)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, path: stack.join('') });
    }
  }
  return routes;
}
