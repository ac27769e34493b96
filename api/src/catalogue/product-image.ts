import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, products } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import type { CatalogueProblem } from './problems';

interface ImageSubject {
  code: string;
  name: string;
  brand: string;
  packType: string;
  /** The category directly below the range (e.g. DAIR_CHEESE): it sets the colour. */
  topCategoryId: string;
}

async function imageSubject(db: DbOrTx, code: string): Promise<ImageSubject | undefined> {
  const rows = await db
    .select({
      code: products.code,
      name: products.name,
      brand: products.brand,
      packType: products.packType,
      categoryId: products.categoryId,
      parentId: categories.parentId,
      range: products.range,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.code, code))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const topCategoryId = row.parentId === null || row.parentId === row.range ? row.categoryId : row.parentId;
  return { code: row.code, name: row.name, brand: row.brand, packType: row.packType, topCategoryId };
}

/** A stable hue per category, so every product of a category shares its colour. */
function hue(text: string): number {
  return createHash('sha256').update(text).digest().readUInt16BE(0) % 360;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Simple pack outlines (in a 120 × 120 box centred at 200, 150), chosen by the product's pack type. */
const SILHOUETTES: Record<string, string> = {
  bottle: 'M185 95h30v20l12 18v105a8 8 0 0 1-8 8h-38a8 8 0 0 1-8-8V133l12-18z',
  carton: 'M165 120l15-25h40l15 25v118h-70z',
  tub: 'M155 130h90l-10 108h-70zM150 118h100v12h-100z',
  pot: 'M165 140h70l-8 98h-54zM160 128h80v12h-80z',
  block: 'M145 150h110v70h-110zM145 150l20-20h110l-20 20zM255 150l20-20v70l-20 20z',
  wheel: 'M200 140a55 22 0 1 0 0.1 0zM145 140v50a55 22 0 0 0 110 0v-50',
  tray: 'M135 170h130l-10 50h-110z',
  bag: 'M160 110h80l10 128h-100zM160 110l-5-12h90l-5 12',
};
const DEFAULT_SILHOUETTE = 'M150 110h100v128h-100z';

function silhouette(packType: string): string {
  const key = Object.keys(SILHOUETTES).find((type) => packType.toLowerCase().includes(type));
  return key === undefined ? DEFAULT_SILHOUETTE : (SILHOUETTES[key] ?? DEFAULT_SILHOUETTE);
}

/** Splits a name into at most two lines of about 22 characters for the caption. */
function captionLines(name: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/)) {
    if (line !== '' && (line + ' ' + word).length > 22) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.length > 2 ? [lines[0] ?? '', `${(lines[1] ?? '').slice(0, 20)}…`] : lines;
}

/** A deterministic 400 × 400 product picture: category colour, pack outline, name and brand. */
function productSvg(subject: ImageSubject): string {
  const h = hue(subject.topCategoryId);
  const caption = captionLines(subject.name)
    .map((line, i) => `<text x="200" y="${298 + i * 28}" font-size="24" font-weight="600">${escapeXml(line)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(subject.name)}">`,
    `<rect width="400" height="400" fill="hsl(${h} 55% 92%)"/>`,
    `<circle cx="200" cy="165" r="105" fill="hsl(${h} 50% 82%)"/>`,
    `<path d="${silhouette(subject.packType)}" fill="hsl(${h} 45% 45%)" stroke="hsl(${h} 45% 30%)" stroke-width="3" stroke-linejoin="round"/>`,
    `<g font-family="system-ui, sans-serif" text-anchor="middle" fill="hsl(${h} 40% 20%)">${caption}`,
    `<text x="200" y="372" font-size="16" fill="hsl(${h} 30% 35%)">${escapeXml(subject.brand)}</text></g>`,
    '</svg>',
  ].join('');
}

const svgEtag = (svg: string) => `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;

/** A product's generated picture and its ETag. */
export async function productImage(db: DbOrTx, code: string): Promise<Result<{ svg: string; etag: string }, CatalogueProblem>> {
  const subject = await imageSubject(db, code);
  if (!subject) return fail({ kind: 'productNotFound', code });
  const svg = productSvg(subject);
  return ok({ svg, etag: svgEtag(svg) });
}
