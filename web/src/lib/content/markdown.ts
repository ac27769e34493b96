import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cache } from 'react';
import { Marked, type Tokens } from 'marked';
import { site } from '../site-config';
import { safeHref } from './safe-link';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Markdown with the docs/storefront-requirements.md §5 link rule. Raw HTML in the source is shown as text, never rendered, so the content
 * files cannot carry script; images are not used by the content and render as their alt text.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    link(this: { parser: { parseInline: (tokens: Tokens.Link['tokens']) => string } }, token: Tokens.Link) {
      const href = escapeHtml(safeHref(token.href));
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      const external = /^https?:/i.test(href) ? ' rel="noopener noreferrer"' : '';
      return `<a href="${href}"${title}${external}>${this.parser.parseInline(token.tokens)}</a>`;
    },
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    image(token: Tokens.Image) {
      return escapeHtml(token.text);
    },
  },
});

/** Brand facts live in site-config.ts; content files refer to them as {brand}, {phone}, {email}, {hours}. */
function withSiteFacts(markdown: string): string {
  return markdown
    .replaceAll('{brand}', site.brand)
    .replaceAll('{phone}', site.phone)
    .replaceAll('{phoneHref}', site.phoneHref)
    .replaceAll('{email}', site.email)
    .replaceAll('{hours}', site.hours);
}

export function renderMarkdown(markdown: string): string {
  return marked.parse(withSiteFacts(markdown), { async: false });
}

export const CONTENT_PAGES = ['about', 'faq', 'video-guide', 'cookie-policy', 'privacy', 'terms', 'help'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/** A markdown file of web/content/ with its first heading as the title (read once per render). */
export const loadContent = cache(async (page: ContentPage): Promise<{ title: string; html: string }> => {
  const source = await readFile(join(process.cwd(), 'content', `${page}.md`), 'utf8');
  const heading = /^#\s+(.+)$/m.exec(source);
  return { title: withSiteFacts(heading?.[1]?.trim() ?? page), html: renderMarkdown(source) };
});
