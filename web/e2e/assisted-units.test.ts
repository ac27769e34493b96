import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { companyMenuLinks, limitedToShipTo, outOfReachWhileActing, type SessionUser } from '../src/lib/session/session-data';

/** The rules of acting for a customer that need no browser (docs/assisted-service.md "In the shop"). */
const HEAD: SessionUser = {
  username: 'head@example.com',
  customerId: 'C0001005',
  name: 'Helen Marsh',
  shipTos: [
    { code: '0000410002', name: 'Harbour Café – Quayside', soldTo: '0000100001', salesOrgs: [{ code: 'CHIL' }, { code: 'DAIR' }] },
    { code: '0000410003', name: 'Harbour Café – Old Town', soldTo: '0000100001', salesOrgs: [{ code: 'DAIR' }] },
  ],
  roles: [{ soldTo: '0000100001', roles: ['admin', 'approver'] }],
};

describe('acting for a customer', () => {
  test('the pages out of reach while acting: password, notification settings, company users and limits, approvals', () => {
    for (const path of ['/account/password/', '/account/password', '/account/notifications/', '/account/company/users/', '/account/company/users/edit/', '/account/company/limits/', '/account/approvals/']) {
      assert.equal(outOfReachWhileActing(path), true, path);
    }
    for (const path of ['/account/', '/account/orders/', '/account/reports/', '/account/passwords-and-more/', '/account/approvals-archive/', '/cart/checkout/', '/account/company/']) {
      assert.equal(outOfReachWhileActing(path), false, path);
    }
  });

  test("the company menu while acting leaves out approvals, company users and limits, and keeps the rest", () => {
    const labels = (acting: boolean) => companyMenuLinks(HEAD, 2, acting).map((link) => link.label);
    assert.deepEqual(labels(false), ['Invoices', 'Credits', 'Allergen profile', 'Substitutes', 'Approvals (2)', 'Company users', 'Spending limits', 'Spend report']);
    assert.deepEqual(labels(true), ['Invoices', 'Credits', 'Allergen profile', 'Substitutes', 'Spend report']);
  });

  test('an acting session keeps only the ship-to it was started for', () => {
    assert.deepEqual(
      limitedToShipTo(HEAD, '0000410002').shipTos.map((shipTo) => shipTo.code),
      ['0000410002'],
    );
    assert.deepEqual(limitedToShipTo(HEAD, '0000499999').shipTos, []);
    assert.equal(HEAD.shipTos.length, 2, 'the user itself is left as it was');
  });
});
