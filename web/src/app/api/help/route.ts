import { loadContent } from '@/lib/content/markdown';

/** The Help modal's text: help.md rendered on the server with the markdown link rule. */
export async function GET(): Promise<Response> {
  const help = await loadContent('help');
  return Response.json({ html: help.html }, { headers: { 'cache-control': 'public, max-age=300' } });
}
