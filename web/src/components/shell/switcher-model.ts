import { rangeName } from '@/lib/site-config';

/** The switcher's view of the user's accounts: what the page may know (no tokens, no prices). */
export interface SwitcherAccount {
  code: string;
  name: string;
  salesOrgs: { code: string }[];
}

export interface SwitcherSelection {
  /** Index into the accounts; -1 while none is chosen. */
  shipTo: number;
  /** Index into that account's ranges; -1 means not chosen (docs/storefront-requirements.md §3), which keeps the form invalid (docs/storefront-requirements.md §5). */
  salesOrg: number;
}

export const showSwitcher = (accounts: SwitcherAccount[]) =>
  accounts.length > 1 || accounts.some((account) => account.salesOrgs.length > 1);

/** docs/storefront-requirements.md §4 wording: 'accounts' with several accounts, otherwise 'account types'. */
export const switchNoun = (accounts: SwitcherAccount[]) => (accounts.length > 1 ? 'accounts' : 'account types');

/** Picking an account resets the range; a sole range is chosen for the customer. */
export function pickAccount(accounts: SwitcherAccount[], index: number): SwitcherSelection {
  const account = accounts[index];
  return { shipTo: account ? index : -1, salesOrg: account?.salesOrgs.length === 1 ? 0 : -1 };
}

/**
 * Where the switcher starts: the active account and range; with no active account, a sole account is already
 * chosen (only its range is left to ask), otherwise nothing is.
 */
export function initialSelection(accounts: SwitcherAccount[], active: { shipTo?: string; salesOrg?: string }): SwitcherSelection {
  const shipTo = accounts.findIndex((account) => account.code === active.shipTo);
  if (shipTo < 0) return accounts.length === 1 ? pickAccount(accounts, 0) : { shipTo: -1, salesOrg: -1 };
  return { shipTo, salesOrg: accounts[shipTo]?.salesOrgs.findIndex((org) => org.code === active.salesOrg) ?? -1 };
}

/**
 * What /account/select/ asks a user with no active account: with one account (one range is set up at sign-in)
 * only the range, "Which range do you want to order first?"; with several, the account, then its range.
 */
export function selectQuestion(accounts: SwitcherAccount[]): 'none' | 'range' | 'account' {
  if (!accounts.some((account) => account.salesOrgs.length > 0)) return 'none';
  return accounts.length === 1 ? 'range' : 'account';
}

export function isReady(accounts: SwitcherAccount[], selection: SwitcherSelection, active: { shipTo?: string; salesOrg?: string }): boolean {
  const account = accounts[selection.shipTo];
  const range = account?.salesOrgs[selection.salesOrg];
  if (!account || !range) return false;
  return account.code !== active.shipTo || range.code !== active.salesOrg;
}

export function accountLabel(account: SwitcherAccount): string {
  return `${account.name} (${account.code})`;
}

/**
 * The part of an account's name that tells it apart from the user's other accounts, for the header's chip on a
 * phone: the words after the longest start it shares with another account's name ("Harbour Café – Quayside"
 * beside "Harbour Café – Old Town" is "Quayside"). The whole name when no other starts like it; the code when
 * another has the same name.
 */
export function distinctName(account: SwitcherAccount, accounts: SwitcherAccount[]): string {
  const words = account.name.trim().split(/\s+/);
  const shared = accounts
    .filter((other) => other.code !== account.code)
    .map((other) => {
      const otherWords = other.name.trim().split(/\s+/);
      let same = 0;
      while (same < words.length && words[same]?.toLocaleLowerCase('en-GB') === otherWords[same]?.toLocaleLowerCase('en-GB')) same += 1;
      return same;
    });
  const rest = words
    .slice(Math.max(0, ...shared))
    .join(' ')
    .replace(/^[\s\-–—,:;|/·]+/, '');
  return rest || account.code;
}

export function rangeLabel(code: string): string {
  return rangeName(code);
}
