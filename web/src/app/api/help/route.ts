import { loadContent } from '@/lib/content/markdown';

/** The Help modal's text: help.md rendered on the server with the markdown link rule. */
export async function GET(): Promise<Response> {
  const help = await loadContent('help');
  // The modal shows the title itself.
  const html = help.html.replace(/^<h1[^>]*>[\s\S]*?<\/h1>\s*/, '');
  return Response.json({ html }, { headers: { 'cache-control': 'public, max-age=300' } });
}
