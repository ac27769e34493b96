import { isNotNull, isNull } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from '../../db/client';
import { NotifiedCopy } from '../../db/notified-copy';
import { categories, datedPrices, priceRulesVersion, promotions, soldTos, volumeTiers } from '../../db/schema';
import { rootOf } from '../../db/transaction-root';
import type { IsoDate } from '../../time/calendar-date';
import type { DatedPrice } from './dated-price';
import { NO_RULES, type LineRules, type RuledProduct, type RulesLookup } from './line-rules';
import type { PromotionOffer } from './promotion-price';
import type { VolumeTier } from './volume-tiers';

/** The channel migration 0028_price_rules_notify notifies on whenever a rule, a customer group or the category tree changes. */
export const PRICE_RULES_CHANNEL = 'mv_price_rules_changed';

/** A promotion as held: what pricing sees of it, and whom it is for. */
interface HeldOffer {
  offer: PromotionOffer;
  who: 'all' | 'soldTos' | 'groups';
  audience: ReadonlySet<string>;
}

interface HeldRules {
  /** The count of changes (price_rules_version) these rules were read at. */
  version: number;
  byProduct: Map<string, HeldOffer[]>;
  /** Category promotions under every category they reach: the one named and each below it. */
  byCategory: Map<string, HeldOffer[]>;
  tiers: Map<string, VolumeTier[]>;
  dated: Map<string, DatedPrice[]>;
  groups: Map<string, string>;
}

const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Each category and every category below it, by id. */
function categoriesBelow(rows: readonly { id: string; parentId: string | null }[]): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const row of rows) if (row.parentId !== null) push(children, row.parentId, row.id);
  const below = (id: string, seen: Set<string>): void => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const child of children.get(id) ?? []) below(child, seen);
  };
  return new Map(
    rows.map((row) => {
      const seen = new Set<string>();
      below(row.id, seen);
      return [row.id, [...seen]];
    }),
  );
}

/**
 * Every rule not ended early, whatever its dates: the adjuster picks by date (the delivery date, and today as the
 * app's clock has it), so the copy does not depend on this machine's idea of today.
 */
async function readAll(db: Db): Promise<HeldRules> {
  // One snapshot for the rules and their count, so the count says exactly which rules these are.
  const [[count], offers, tiers, dated, groups, tree] = await db.transaction(
    async (tx) => [
      await tx.select({ version: priceRulesVersion.version }).from(priceRulesVersion),
      await tx.select().from(promotions).where(isNull(promotions.endedAt)),
      await tx.select().from(volumeTiers),
      await tx.select().from(datedPrices),
      await tx.select({ code: soldTos.code, group: soldTos.customerGroup }).from(soldTos).where(isNotNull(soldTos.customerGroup)),
      await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories),
    ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!count) throw new Error('price_rules_version has no row');
  const below = categoriesBelow(tree);
  const held: HeldRules = { version: count.version, byProduct: new Map(), byCategory: new Map(), tiers: new Map(), dated: new Map(), groups: new Map() };
  for (const row of offers) {
    const offer: HeldOffer = {
      offer: Object.freeze({
        code: row.code,
        name: row.name,
        kind: row.kind,
        value: row.value,
        buyQuantity: row.buyQuantity,
        freeQuantity: row.freeQuantity,
        minQuantity: row.minQuantity,
        validFrom: row.validFrom,
        validTo: row.validTo,
      }),
      who: row.who,
      audience: new Set(row.audience),
    };
    if (row.what === 'products') for (const code of new Set(row.targets)) push(held.byProduct, code, offer);
    else for (const id of new Set(row.targets.flatMap((target) => below.get(target) ?? []))) push(held.byCategory, id, offer);
  }
  for (const row of tiers) push(held.tiers, row.productCode, { soldTo: row.soldToCode, minQuantity: row.minQuantity, unit: row.pricePence });
  for (const row of dated) push(held.dated, row.productCode, { soldTo: row.soldToCode, validFrom: row.validFrom, validTo: row.validTo, unit: row.pricePence });
  for (const row of groups) if (row.group !== null) held.groups.set(row.code, row.group);
  return held;
}

const forSoldTo = <T extends { soldTo: string | null }>(rows: readonly T[] | undefined, soldTo: string): T[] =>
  rows ? rows.filter((row) => row.soldTo === null || row.soldTo === soldTo) : [];

const mayHave = (held: HeldOffer, soldTo: string, group: string | undefined): boolean =>
  held.who === 'all' || (held.who === 'soldTos' ? held.audience.has(soldTo) : group !== undefined && held.audience.has(group));

/** One product's rules for a sold-to, from what is held. */
function rulesOf(held: HeldRules, soldTo: string, { code, categoryId }: RuledProduct): LineRules {
  const group = held.groups.get(soldTo);
  const promotions: PromotionOffer[] = [];
  for (const list of [held.byProduct.get(code), held.byCategory.get(categoryId)]) {
    for (const one of list ?? []) if (mayHave(one, soldTo, group)) promotions.push(one.offer);
  }
  const tiers = forSoldTo(held.tiers.get(code), soldTo);
  const dated = forSoldTo(held.dated.get(code), soldTo);
  return promotions.length === 0 && tiers.length === 0 && dated.length === 0 ? NO_RULES : Object.freeze({ dated, tiers, promotions });
}

/** The products and categories that promotions live on a day reach for one sold-to (see PriceRulesCopy.offerTargets). */
export interface OfferTargets {
  products: ReadonlySet<string>;
  /** Each category a promotion names and every one below it. */
  categories: ReadonlySet<string>;
}

/** What the live promotions of `today` that `soldTo` may have (everyone's only, without a sold-to) reach, by key. */
function liveKeys(held: HeldRules, byKey: Map<string, HeldOffer[]>, soldTo: string | null, today: IsoDate): Set<string> {
  const group = soldTo === null ? undefined : held.groups.get(soldTo);
  const keys = new Set<string>();
  for (const [key, offers] of byKey) {
    const live = offers.some(
      (one) => one.offer.validFrom <= today && one.offer.validTo >= today && (soldTo === null ? one.who === 'all' : mayHave(one, soldTo, group)),
    );
    if (live) keys.add(key);
  }
  return keys;
}

/** Products' rules worked out and kept at most: beyond it the memo starts over. */
const MEMO_LIMIT = 50_000;

/**
 * This process's copy of the price rules, so pricing a cart or a listing costs no statement (docs/pricing.md
 * "Where the rules are read"). Built at start-up and dropped the moment a notification says something changed,
 * then read again: until it is back (and whenever notifications may have been missed), `rulesFor` answers
 * undefined and pricing reads the rules from the database instead, as it always does inside a transaction.
 */
export class PriceRulesCopy {
  private readonly copy: NotifiedCopy<HeldRules>;
  /** Products' rules worked out, by sold-to and product, until the copy is read again; with the category each was worked out for. */
  private readonly memo = new Map<string, { rules: Map<string, LineRules>; categories: Map<string, string> }>();
  private memoSize = 0;
  /** offerTargets' answers, by sold-to and day, until the copy is read again (or MEMO_LIMIT of them). */
  private readonly offerMemo = new Map<string, OfferTargets>();

  constructor(database: Database, log: { warn(details: object, message: string): void }) {
    this.copy = new NotifiedCopy(database, { channel: PRICE_RULES_CHANNEL, name: 'price rules', read: readAll, onChange: () => this.forget() }, log);
  }

  /** Resolves once the copy has been read (or found unreadable: it is tried again in the background). */
  start(): Promise<void> {
    return this.copy.start();
  }

  /** Resolves when every change heard so far has been read. */
  settled(): Promise<void> {
    return this.copy.settled();
  }

  close(): Promise<void> {
    return this.copy.close();
  }

  /**
   * The rules as `tx` would read them, from the copy when the transaction sees the count of changes the copy was
   * read at (the same rules, to the row); undefined otherwise (a change not yet heard of, or one the transaction
   * made itself), and while there is no copy.
   */
  async rulesIn(tx: DbOrTx, soldTo: string, lines: readonly RuledProduct[]): Promise<RulesLookup | undefined> {
    const held = this.copy.value;
    if (!held) return undefined;
    const [row] = await versionStatement(tx).execute();
    return row && Number(row.version) === held.version && this.copy.value === held ? this.rulesFor(soldTo, lines) : undefined;
  }

  /**
   * The rules of each product for a sold-to, as readPriceRules answers them; undefined while there is no copy.
   * The lookup is the memo itself (it may know more products than asked about): pricing a cart builds nothing.
   */
  rulesFor(soldTo: string, lines: readonly RuledProduct[]): RulesLookup | undefined {
    const held = this.copy.value;
    if (!held) return undefined;
    let known = this.memo.get(soldTo);
    if (!known || this.memoSize >= MEMO_LIMIT) {
      if (this.memoSize >= MEMO_LIMIT) this.forget();
      known = { rules: new Map(), categories: new Map() };
      this.memo.set(soldTo, known);
    }
    for (const line of lines) {
      // A product moved to another category since is worked out again: that is not a change of the rules.
      if (known.categories.get(line.code) === line.categoryId) continue;
      if (!known.categories.has(line.code)) this.memoSize += 1;
      known.categories.set(line.code, line.categoryId);
      known.rules.set(line.code, rulesOf(held, soldTo, line));
    }
    return known.rules;
  }

  /**
   * What the promotions live on `today` for `soldTo` (for everyone, without a sold-to) are on: the same as the
   * statement's `live` and `reached` (catalogue/live-offers.ts) find; undefined while there is no copy.
   */
  offerTargets(soldTo: string | null, today: IsoDate): OfferTargets | undefined {
    const held = this.copy.value;
    if (!held) return undefined;
    const key = `${today}|${soldTo ?? ''}`;
    let targets = this.offerMemo.get(key);
    if (!targets) {
      targets = { products: liveKeys(held, held.byProduct, soldTo, today), categories: liveKeys(held, held.byCategory, soldTo, today) };
      if (this.offerMemo.size >= MEMO_LIMIT) this.offerMemo.clear();
      this.offerMemo.set(key, targets);
    }
    return targets;
  }

  private forget(): void {
    this.offerMemo.clear();
    this.memo.clear();
    this.memoSize = 0;
  }
}

/** Prepared: it runs in every transaction that prices lines (placing an order). */
const versionStatement = (db: DbOrTx) => db.select({ version: priceRulesVersion.version }).from(priceRulesVersion).prepare('price_rules_version_read');

const copies = new WeakMap<DbOrTx, PriceRulesCopy>();

/** Keeps a copy of the rules for the database `database.db` handles; pricing outside a transaction then uses it. */
export function keepCopyOfPriceRules(database: Database, log: { warn(details: object, message: string): void }): PriceRulesCopy {
  const copy = new PriceRulesCopy(database, log);
  copies.set(database.db, copy);
  return copy;
}

/** The copy kept for this handle: only the database's own handle has one (a transaction asks rulesIn). */
export const priceRulesCopyOf = (db: DbOrTx): PriceRulesCopy | undefined => copies.get(db);

/** The copy kept for the handle a transaction belongs to (db/transaction-root.ts), if any. */
export function priceRulesCopyOfTransaction(tx: DbOrTx): PriceRulesCopy | undefined {
  const root = rootOf(tx);
  return root === undefined ? undefined : copies.get(root);
}
