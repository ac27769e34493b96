import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldId } from '../src/components/forms/field-id';
import { hashBangTarget } from '../src/components/shell/hash-bang';
import { shellModeFor } from '../src/components/shell/shell-mode';
import { distinctName, initialSelection, isReady, pickAccount, selectQuestion, showSwitcher, switchNoun, type SwitcherAccount } from '../src/components/shell/switcher-model';
import { deliveryOptionLabel } from '../src/lib/commerce/dates';
import { isOfflinePage } from '../src/lib/offline/offline-pages';
import { pendingAdds, queuedUnits, type CartChange } from '../src/lib/offline/queue-types';
import { offlinePageHtml } from '../src/sw/offline-page';
import { cartLoadError, failedToFetch, fromApiResponse, serverStatusError } from '../src/lib/errors/catalogue';
import { loginError } from '../src/lib/errors/login-errors';
import { PLACEHOLDER_HREF, safeHref } from '../src/lib/content/safe-link';
import { afterAccountChosen } from '../src/lib/session/next-target';
import { accessFor, guard } from '../src/lib/session/route-access';
import { needsRefresh, withAutomaticAccount } from '../src/lib/session/session-data';

/** The shell's rules that need no browser; everything else is tested end to end beside this file. */
describe('shell rules', () => {
  test('field ids: name and label, lower-cased, every non-letter/digit a hyphen', () => {
    assert.equal(fieldId('shipTo', 'Account'), 'shipto-account');
    assert.equal(fieldId('po_number', 'P.O. number (optional)'), 'po-number-p-o--number--optional-');
  });

  test('markdown links keep only http, https, mailto, tel, relative and anchor addresses', () => {
    for (const href of ['https://ico.org.uk', 'http://example.com', 'mailto:orders@meadowvale.example', 'tel:+448001234567', '/about/faq/', 'faq', '#top', '?page=2']) {
      assert.equal(safeHref(href), href);
    }
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'java\nscript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/', 'file:///etc/passwd', '']) {
      assert.equal(safeHref(href), PLACEHOLDER_HREF, JSON.stringify(href));
    }
  });

  test('hash-bang addresses become paths', () => {
    assert.equal(hashBangTarget('/', '#!/about/faq/'), '/about/faq/');
    assert.equal(hashBangTarget('/search/', '#!/butter'), '/search/butter');
    assert.equal(hashBangTarget('/search', '#!/butter'), '/search/butter');
    assert.equal(hashBangTarget('/', '#section'), undefined);
    assert.equal(hashBangTarget('/', '#!//evil.example'), undefined);
  });

  test('shell modes: login page, logo only for account selection, full elsewhere', () => {
    assert.equal(shellModeFor('/login/?next=/cart/'), 'login');
    assert.equal(shellModeFor('/login'), 'login');
    assert.equal(shellModeFor('/account/select/'), 'logo-only');
    assert.equal(shellModeFor('/account/'), 'full');
    assert.equal(shellModeFor('/loginx/'), 'full');
  });

  test('route access and guards (docs/storefront-requirements.md §2)', () => {
    const anonymous = { signedIn: false, ready: false };
    const notSetUp = { signedIn: true, ready: false };
    const ready = { signedIn: true, ready: true };
    assert.deepEqual(guard(accessFor('/cart/'), anonymous, '/cart/'), { redirect: '/login/?next=%2Fcart%2F' });
    assert.deepEqual(guard(accessFor('/cart/'), notSetUp, '/cart/'), { redirect: '/account/select/?next=%2Fcart%2F' });
    assert.equal(guard(accessFor('/cart/'), ready, '/cart/'), undefined);
    assert.deepEqual(guard(accessFor('/login/'), ready, '/login/'), { redirect: '/' });
    assert.equal(guard(accessFor('/login/'), notSetUp, '/login/'), undefined);
    assert.equal(guard(accessFor('/account/select/'), notSetUp, '/account/select/'), undefined);
    assert.deepEqual(guard(accessFor('/account/select/'), anonymous, '/account/select/'), { redirect: '/login/?next=%2Faccount%2Fselect%2F' });
    assert.equal(guard(accessFor('/about/privacy/'), anonymous, '/about/privacy/'), undefined);
    assert.equal(guard(accessFor('/'), anonymous, '/'), undefined);
    assert.deepEqual(guard(accessFor('/'), notSetUp, '/'), { redirect: '/account/select/' });
    assert.equal(accessFor('/accounting/'), 'both');
  });

  test('the account switcher (docs/storefront-requirements.md §4)', () => {
    const multi: SwitcherAccount[] = [
      { code: '0000410002', name: 'Quayside', salesOrgs: [{ code: 'CHIL' }, { code: 'DAIR' }] },
      { code: '0000410003', name: 'Old Town', salesOrgs: [{ code: 'DAIR' }] },
    ];
    const oneAccountTwoRanges = [multi[0] as SwitcherAccount];
    const solo = [multi[1] as SwitcherAccount];
    assert.equal(showSwitcher(multi), true);
    assert.equal(showSwitcher(oneAccountTwoRanges), true);
    assert.equal(showSwitcher(solo), false);
    assert.equal(switchNoun(multi), 'accounts');
    assert.equal(switchNoun(oneAccountTwoRanges), 'account types');
    assert.deepEqual(pickAccount(multi, 1), { shipTo: 1, salesOrg: 0 }, 'a sole range is chosen');
    assert.deepEqual(pickAccount(multi, 0), { shipTo: 0, salesOrg: -1 }, 'several ranges: none chosen');
    const active = { shipTo: '0000410002', salesOrg: 'CHIL' };
    assert.equal(isReady(multi, { shipTo: 0, salesOrg: -1 }, active), false, 'range unset is invalid');
    assert.equal(isReady(multi, { shipTo: 0, salesOrg: 0 }, active), false, 'same as active: nothing to do');
    assert.equal(isReady(multi, { shipTo: 0, salesOrg: 1 }, active), true);
    assert.equal(isReady(multi, { shipTo: 1, salesOrg: 0 }, active), true);
  });

  test('one account with two ranges (buyer@example.com): /account/select/ chooses the account and asks only the range', () => {
    const quayside: SwitcherAccount = { code: '0000410002', name: 'Quayside', salesOrgs: [{ code: 'CHIL' }, { code: 'DAIR' }] };
    const oldTown: SwitcherAccount = { code: '0000410003', name: 'Old Town', salesOrgs: [{ code: 'DAIR' }] };
    assert.equal(selectQuestion([quayside]), 'range');
    assert.equal(selectQuestion([quayside, oldTown]), 'account');
    assert.equal(selectQuestion([]), 'none');
    assert.equal(selectQuestion([{ ...quayside, salesOrgs: [] }]), 'none', 'no range the shop sells: nothing to choose');
    assert.deepEqual(initialSelection([quayside], {}), { shipTo: 0, salesOrg: -1 }, 'the sole account is chosen, its range is not');
    assert.deepEqual(initialSelection([quayside, oldTown], {}), { shipTo: -1, salesOrg: -1 });
    assert.deepEqual(initialSelection([quayside, oldTown], { shipTo: '0000410002', salesOrg: 'DAIR' }), { shipTo: 0, salesOrg: 1 });
    assert.equal(isReady([quayside], { shipTo: 0, salesOrg: 1 }, {}), true);
  });

  test('after choosing an account: back to the page that asked (an e-mail link), never to a foreign site or the choice again', () => {
    assert.equal(afterAccountChosen('/account/approvals/?order=MV-1'), '/account/approvals/?order=MV-1');
    assert.equal(afterAccountChosen(undefined), '/');
    assert.equal(afterAccountChosen('//evil.example/'), '/');
    assert.equal(afterAccountChosen('/account/select/?next=%2F'), '/');
  });

  test("the phone's account chip shows the part of the name that tells the accounts apart", () => {
    const harbour: SwitcherAccount[] = [
      { code: '0000410002', name: 'Harbour Café – Quayside', salesOrgs: [{ code: 'DAIR' }] },
      { code: '0000410003', name: 'Harbour Café – Old Town', salesOrgs: [{ code: 'DAIR' }] },
      { code: '0000410004', name: 'Northgate Catering Kitchen', salesOrgs: [{ code: 'CHIL' }] },
      { code: '0000410009', name: 'Harbour Café', salesOrgs: [{ code: 'CHIL' }] },
      { code: '0000410010', name: 'harbour café', salesOrgs: [{ code: 'CHIL' }] },
    ];
    const [quayside, oldTown, northgate, bare] = harbour as [SwitcherAccount, SwitcherAccount, SwitcherAccount, SwitcherAccount];
    assert.equal(distinctName(quayside, harbour.slice(0, 3)), 'Quayside');
    assert.equal(distinctName(oldTown, harbour.slice(0, 3)), 'Old Town');
    assert.equal(distinctName(northgate, harbour.slice(0, 3)), 'Northgate Catering Kitchen', 'no other starts like it');
    assert.equal(distinctName(quayside, [quayside]), 'Harbour Café – Quayside', 'alone: the whole name');
    assert.equal(distinctName(bare, harbour), '0000410009', 'the same name as another: the code');
  });

  test('delivery date options are short enough for a phone', () => {
    // 14:00 on Monday 30 November in London (GMT) and 14:00 on Friday 26 June (BST, 13:00 UTC).
    assert.equal(deliveryOptionLabel('2026-12-01', '2026-11-30T14:00:00Z'), 'Tue 1 Dec (order by Mon 14:00)');
    assert.equal(deliveryOptionLabel('2026-06-29', '2026-06-26T13:00:00Z'), 'Mon 29 Jun (order by Fri 14:00)');
  });

  test('the offline cart: pending adds and the cases they add to the header count', () => {
    const about = { productName: 'Brie', minimum: 1 };
    const changes: CartChange[] = [
      { kind: 'add', productCode: 'P1', ...about, quantity: 3 },
      { kind: 'add', productCode: 'P2', ...about, productName: 'Feta', quantity: 2 },
      { kind: 'add', productCode: 'P1', ...about, quantity: 2 },
      { kind: 'set', entryNumber: 0, productCode: 'P3', ...about, quantity: 5, was: 2 },
      { kind: 'set', entryNumber: 0, productCode: 'P3', ...about, quantity: 4, was: 5 },
      { kind: 'set', entryNumber: 1, productCode: 'P4', ...about, quantity: 0, was: 6 },
      { kind: 'set', entryNumber: 2, productCode: 'P5', ...about, quantity: 9 },
    ];
    assert.equal(queuedUnits(changes), 3 + 2 + 2 + (4 - 2) + (0 - 6), 'a change of unknown size counts nothing');
    assert.equal(queuedUnits([]), 0);
    assert.deepEqual(
      pendingAdds(changes, (code) => code === 'P2'),
      [{ productCode: 'P1', productName: 'Brie', quantity: 5 }],
      'one pending line per product not in the cart',
    );
  });

  test('the offline page says which kinds of page are kept', () => {
    assert.equal(isOfflinePage('/category/DAIR-MILK/'), true);
    assert.equal(isOfflinePage('/category/DAIR-MILK'), true);
    assert.equal(isOfflinePage('/offers/'), true);
    assert.equal(isOfflinePage('/account/standing-orders/'), false);
    const unseen = offlinePageHtml('/category/DAIR-MILK/', []);
    assert.match(unseen, /has not been opened on this phone yet/);
    const notKept = offlinePageHtml('/account/standing-orders/', [{ url: '/cart/', title: 'Cart' }]);
    assert.match(notKept, /Pages of this kind are not kept on this phone/);
    assert.doesNotMatch(notKept, /has not been opened/);
    assert.match(notKept, /product and category pages you open/);
  });

  test('a user with one ship-to and one range is set up automatically, anyone else is not', () => {
    const user = { username: 'u', customerId: 'c', name: 'n' };
    const solo = withAutomaticAccount({ user: { ...user, shipTos: [{ code: 'A', name: 'A', soldTo: 'S', salesOrgs: [{ code: 'DAIR' }] }] } });
    assert.deepEqual([solo.activeShipTo, solo.activeSoldTo, solo.activeSalesOrg], ['A', 'S', 'DAIR']);
    const two = withAutomaticAccount({ user: { ...user, shipTos: [{ code: 'A', name: 'A', soldTo: 'S', salesOrgs: [{ code: 'DAIR' }, { code: 'CHIL' }] }] } });
    assert.equal(two.activeShipTo, undefined);
  });

  test('tokens are refreshed shortly before they expire', () => {
    const now = 1_000_000;
    assert.equal(needsRefresh({ accessToken: 'a', refreshToken: 'r', expiresAt: now + 3600, lifetime: 3600 }, now), false);
    assert.equal(needsRefresh({ accessToken: 'a', refreshToken: 'r', expiresAt: now + 29, lifetime: 3600 }, now), true);
    assert.equal(needsRefresh({ accessToken: 'a', refreshToken: 'r', expiresAt: now + 2, lifetime: 3 }, now), false);
    assert.equal(needsRefresh({ accessToken: 'a', refreshToken: 'r', expiresAt: now, lifetime: 3 }, now), true);
  });

  test('error catalogue: a cart the API could not give is CartFailedToLoad; a lost connection keeps its own text', () => {
    assert.deepEqual(cartLoadError(serverStatusError(500, 'Internal Server Error')), { type: 'CartFailedToLoad', title: 'An unexpected error occurred', description: 'Failed to load shopping cart' });
    assert.equal(cartLoadError(serverStatusError(502, 'Bad Gateway'), 'S-1001').description, 'Failed to load cart #S-1001');
    assert.deepEqual(cartLoadError(failedToFetch()), failedToFetch());
  });

  test('error catalogue: the first error of an errors array, else error/error_description, else the status', () => {
    const cart = fromApiResponse(404, 'Not Found', { errors: [{ type: 'CartError', reason: 'notFound', message: 'Cart not found', subject: 'x' }, { message: 'second' }] });
    assert.deepEqual([cart.type, cart.description, cart.status], ['CartError', 'Cart not found', 404]);
    const oauth = fromApiResponse(400, 'Bad Request', { error: 'invalid_grant', error_description: 'Bad credentials' });
    assert.equal(oauth.description, 'Bad credentials');
    const bare = fromApiResponse(500, 'Internal Server Error', undefined);
    assert.deepEqual([bare.type, bare.title, bare.description], ['ServerStatusErrorFallback', 'An unexpected error occurred', '500 Internal Server Error']);
    // An API that is shedding load, down or behind a failing gateway is a network failure to the customer (docs/storefront-requirements.md §8).
    for (const [status, statusText] of [[502, 'Bad Gateway'], [503, 'Service Unavailable'], [504, 'Gateway Timeout']] as const) {
      const unavailable = fromApiResponse(status, statusText, undefined);
      assert.deepEqual([unavailable.type, unavailable.title, unavailable.description], ['FailedToFetch', 'Temporary network error', 'Please try again'], String(status));
    }
  });

  test('login errors: every known string has a clear message; unknown addresses read like wrong passwords', () => {
    for (const known of ['invalid_grant', 'Bad credentials', 'User is disabled', 'access_denied', 'Access is Denied', 'Account Locked', 'Account not configured']) {
      assert.notEqual(loginError('invalid_grant', known).title, 'Sign in failed', known);
    }
    assert.equal(loginError('invalid_grant', 'Bad credentials').title, 'Incorrect email or password');
    assert.equal(loginError('invalid_grant', 'User is disabled').title, 'User is disabled');
    assert.equal(loginError('invalid_grant', 'Account not configured').title, 'Account not configured');
    assert.equal(loginError('server_error', 'boom').description, 'Please contact customer service');
  });
});
