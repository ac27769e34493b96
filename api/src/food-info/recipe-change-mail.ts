import { registerMailKind } from '../mail/mail-kinds';
import { escapeHtml, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { ALLERGEN_NAMES, type AllergenStatus } from './allergens';
import { productPageUrl, specificationSheetUrl } from './food-info-view';
import { PRODUCT_CHANGES_KIND, RECIPE_CHANGE_CHANNELS, RECIPE_CHANGE_TYPE, type AllergenChange, type RecipeChangeData } from './recipe-change-event';

const STATUS_TEXT: Record<AllergenStatus, string> = { contains: 'contains', mayContain: 'may contain', free: 'free from' };
const statusText = (status: AllergenStatus | null) => (status === null ? 'not supplied' : STATUS_TEXT[status]);
const present = (status: AllergenStatus | null) => status === 'contains' || status === 'mayContain';

/**
 * One line per allergen, grouped as a kitchen reads them: what the product now holds that it did not, what it
 * no longer holds, and declarations that changed otherwise (contains to may contain, free to not supplied).
 */
export function allergenLines(changes: AllergenChange[]): { heading: string; lines: string[] }[] {
  const line = ({ allergen, from, to }: AllergenChange) => `${ALLERGEN_NAMES[allergen]}: was ${statusText(from)}, now ${statusText(to)}`;
  const groups = [
    { heading: 'Allergens added', lines: changes.filter((c) => present(c.to) && !present(c.from)).map(line) },
    { heading: 'Allergens removed', lines: changes.filter((c) => present(c.from) && !present(c.to)).map(line) },
    { heading: 'Allergen declarations changed', lines: changes.filter((c) => present(c.from) === present(c.to)).map(line) },
  ];
  return groups.filter((group) => group.lines.length > 0);
}

/** The mail to one user whose site ordered the product lately: what changed, and where to read the whole sheet. */
export function recipeChangeMail(data: RecipeChangeData, shopUrl: string): MailContent {
  const { product, recipient, ingredients } = data;
  const page = shopLink(shopUrl, productPageUrl(product.code));
  const sheet = shopLink(shopUrl, specificationSheetUrl(product.code));
  const subject = `Recipe change: ${product.name} (${product.code})`;
  const lead = `The recipe of ${product.name} (${product.code}), which your site ordered in the last 90 days, has changed. Please check it against your allergen records and menus.`;
  const groups = allergenLines(data.allergens);
  const why = 'You get this e-mail because your site ordered this product. You can turn product change e-mails off under E-mail notifications in My account.';
  const footer = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';
  const text = [
    `Dear ${recipient.name},`,
    '',
    lead,
    ...groups.flatMap((group) => ['', `${group.heading}:`, ...group.lines.map((l) => `- ${l}`)]),
    ...(ingredients ? ['', 'Ingredients changed. Now:', ingredients.after.replaceAll('*', ''), '', `Before: ${ingredients.before.replaceAll('*', '')}`] : []),
    '',
    `Product page: ${page}`,
    `Specification sheet (PDF): ${sheet}`,
    '',
    why,
    '',
    footer,
  ].join('\n');
  const emphasised = (value: string) => escapeHtml(value).replace(/\*([^*]+)\*/g, '<strong>$1</strong>');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(recipient.name)},</p>
<p>${escapeHtml(lead)}</p>
${groups.map((group) => `<p><strong>${escapeHtml(group.heading)}</strong></p><ul>${group.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('\n')}
${ingredients ? `<p><strong>Ingredients changed.</strong> Now: ${emphasised(ingredients.after)}</p><p style="color:#555">Before: ${emphasised(ingredients.before)}</p>` : ''}
<p><a href="${escapeHtml(page)}">Product page</a> · <a href="${escapeHtml(sheet)}">Specification sheet (PDF)</a></p>
<p style="color:#555">${escapeHtml(why)}</p>
<p style="color:#555">${footer}</p>
</body></html>`;
  return { to: recipient.email, subject, text, html, preference: { userId: recipient.userId, kind: PRODUCT_CHANGES_KIND } };
}

/** At start-up: the kind a user may turn off. */
export const registerFoodInfoMailKinds = (): void => registerMailKind(PRODUCT_CHANGES_KIND, 'product changes');

/** At start-up: a recipe change is an event type of its own, sent by mail with this template. */
export function registerRecipeChangeEvent(registry: EventTypeRegistry): void {
  registry.registerEventType<RecipeChangeData>({ type: RECIPE_CHANGE_TYPE, channels: RECIPE_CHANGE_CHANNELS, mail: recipeChangeMail });
}
