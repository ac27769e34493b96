import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AccountProblem } from '../src/accounts/problems';
import type { ApprovalProblem } from '../src/approvals/problems';
import { approvalProblemToApiError } from '../src/approvals/problem-answers';
import type { OperatorSignInProblem } from '../src/admin/auth/problems';
import type { CustomerProblem } from '../src/admin/customers/problems';
import type { GrantProblem } from '../src/auth/problems';
import type { MailProblem } from '../src/admin/mail/problems';
import type { ProductProblem } from '../src/admin/products/problems';
import type { CommerceProblem } from '../src/carts/problems';
import type { CatalogueProblem } from '../src/catalogue/problems';
import { accountProblemToApiError } from '../src/accounts/problem-answers';
import { grantProblemToOAuthError } from '../src/auth/problem-answers';
import {
  customerProblemToApiError,
  importRefusal,
  mailProblemToApiError,
  operatorSignInProblemToApiError,
  productProblemToApiError,
} from '../src/admin/problem-answers';
import { cartProblemToApiError } from '../src/carts/problem-answers';
import { catalogueProblemToApiError } from '../src/catalogue/problem-answers';
import { orderGuideProblemToApiError } from '../src/orderguide/problem-answers';
import { unwrap } from '../src/errors/reply';
import { fail, ok } from '../src/errors/result';
import { ApiError } from '../src/http/errors';
import { OAuthError } from '../src/http/oauth-errors';
import type { OrderGuideProblem } from '../src/orderguide/problems';
import type { CompanyProblem } from '../src/company/problems';
import { companyProblemToApiError } from '../src/company/problem-answers';
import type { RegistrationDecisionProblem } from '../src/admin/registrations/problems';
import type { RegistrationProblem } from '../src/registrations/problems';
import { registrationDecisionProblemToApiError } from '../src/admin/registrations/problem-answers';
import { registrationProblemToApiError } from '../src/registrations/problem-answers';
import type { OperatorProblem } from '../src/admin/operators/problems';
import { operatorProblemToApiError } from '../src/admin/operators/problem-answers';
import { notificationProblemToApiError } from '../src/notifications/problem-answers';
import type { NotificationProblem } from '../src/notifications/problems';
import type { ChangePasswordProblem, ResetPasswordProblem } from '../src/passwords/problems';
import { changePasswordProblemToApiError, resetProblemToApiError } from '../src/passwords/problem-answers';
import type { LimitProblem } from '../src/approvals/limits-problems';
import { limitProblemToApiError } from '../src/approvals/limits-problem-answers';
import type { ReminderSettingProblem } from '../src/cutoff-reminders/problems';
import { reminderSettingProblemToApiError } from '../src/cutoff-reminders/problem-answers';
import type { CheckinProblem, PhotoProblem } from '../src/checkin/problems';
import { checkinProblemToApiError, photoProblemToApiError } from '../src/checkin/problem-answers';
import type { InvoiceProblem, InvoiceReadProblem } from '../src/invoices/problems';
import type { CreditProblem as CreditControlProblem } from '../src/credit-control/problems';
import { creditProblemToApiError as creditControlProblemToApiError } from '../src/credit-control/problem-answers';
import type { ReportProblem } from '../src/reports/problems';
import { reportProblemToApiError } from '../src/reports/problem-answers';
import { invoiceProblemToApiError, invoiceReadProblemToApiError } from '../src/invoices/problem-answers';
import type { CreditProblem } from '../src/credits/problems';
import { creditProblemToApiError } from '../src/credits/problem-answers';

/** One example of every kind of a problem union: a kind added without an example does not compile. */
type Examples<P extends { kind: string }> = { [K in P['kind']]: Extract<P, { kind: K }> };

const shipToNotFound: AccountProblem = { kind: 'shipToNotFound', shipTo: '0000410001', range: 'DAIR' };

const accounts: Examples<AccountProblem> = { shipToNotFound };

const carts: Examples<CommerceProblem> = {
  shipToNotFound,
  cartNotFound: { kind: 'cartNotFound', cartId: 'abc' },
  activeCartNeedsScope: { kind: 'activeCartNeedsScope', parameter: 'salesOrg' },
  productUnknown: { kind: 'productUnknown', productCode: 'P1' },
  productOtherRange: { kind: 'productOtherRange', productCode: 'P1', range: 'CHIL' },
  productDiscontinued: { kind: 'productDiscontinued', productCode: 'P1' },
  belowMinimum: { kind: 'belowMinimum', productCode: 'P1', minimum: 3 },
  quantityTooLarge: { kind: 'quantityTooLarge', productCode: 'P1', maximum: 9999 },
  cartFull: { kind: 'cartFull', maximum: 500 },
  entryNotFound: { kind: 'entryNotFound', entryNumber: 4 },
  entryProductMismatch: { kind: 'entryProductMismatch', entryNumber: 4, productCode: 'P1' },
  staleVersion: { kind: 'staleVersion', currentVersion: 7 },
  deliveryDateNotOrderable: { kind: 'deliveryDateNotOrderable', date: '2026-12-25', why: 'bankHoliday' },
  notSaved: { kind: 'notSaved' },
  notSavedCart: { kind: 'notSavedCart' },
  alreadySaved: { kind: 'alreadySaved' },
  emptyCart: { kind: 'emptyCart' },
  deliveryDateExpired: { kind: 'deliveryDateExpired', date: '2026-12-24', why: 'cutoffPassed' },
  linesNotOrderable: { kind: 'linesNotOrderable', lines: [{ productCode: 'P1', reason: 'productDiscontinued' }] },
  deliveryDateMissing: { kind: 'deliveryDateMissing' },
  orderTooLarge: { kind: 'orderTooLarge', maximumPence: 10_000_000 },
  purchaseOrderMissing: { kind: 'purchaseOrderMissing' },
  cartAlreadyOrdered: { kind: 'cartAlreadyOrdered', orderCode: 'MV-000001' },
  stockShort: { kind: 'stockShort', deliveryDate: '2026-12-01', lines: [{ productCode: 'P1', name: 'Skyr', quantity: 10, available: 6 }] },
  belowMinimumOrder: { kind: 'belowMinimumOrder', minimumOrderPence: 15000, shortPence: 1240 },
  idempotencyKeyReused: { kind: 'idempotencyKeyReused', orderCode: 'MV-000001' },
};

const catalogue: Examples<CatalogueProblem> = {
  shipToNotFound,
  soldToWithoutShipTo: { kind: 'soldToWithoutShipTo' },
  soldToNotFound: { kind: 'soldToNotFound', soldTo: '0000100001', shipTo: '0000410001' },
  productNotFound: { kind: 'productNotFound', code: 'P1' },
  catalogNotFound: { kind: 'catalogNotFound', catalog: 'other', version: 'Staged' },
  rangeUnknown: { kind: 'rangeUnknown', range: 'FROZ' },
};

const orderGuide: Examples<OrderGuideProblem> = { productNotInRange: { kind: 'productNotInRange', productCode: 'P1', range: 'DAIR' } };

const customers: Examples<CustomerProblem> = {
  userNotFound: { kind: 'userNotFound', username: 'nobody@example.com' },
  statusUnchangeable: { kind: 'statusUnchangeable', username: 'solo@example.com', status: 'disabled', action: 'disable' },
  shipToRangeNotFound: { kind: 'shipToRangeNotFound', shipTo: '0000410001', range: 'CHIL' },
};

const products: Examples<ProductProblem> = { productNotFound: { kind: 'productNotFound', code: 'P1' } };
const mail: Examples<MailProblem> = { mailNotFound: { kind: 'mailNotFound', id: 9 } };
const signIn: Examples<OperatorSignInProblem> = {
  badCredentials: { kind: 'badCredentials' },
  locked: { kind: 'locked' },
  disabled: { kind: 'disabled' },
  addressLimited: { kind: 'addressLimited', retryAfterSeconds: 60 },
};

const notifications: Examples<NotificationProblem> = { unsubscribeLinkInvalid: { kind: 'unsubscribeLinkInvalid' } };

const grants: Examples<GrantProblem> = {
  badCredentials: { kind: 'badCredentials' },
  locked: { kind: 'locked' },
  addressLimited: { kind: 'addressLimited', retryAfterSeconds: 60 },
  userDisabled: { kind: 'userDisabled' },
  accountNotConfigured: { kind: 'accountNotConfigured' },
  invalidRefreshToken: { kind: 'invalidRefreshToken' },
};

const company: Examples<CompanyProblem> = {
  notCompanyAdmin: { kind: 'notCompanyAdmin' },
  userNotFound: { kind: 'userNotFound', uid: 'nobody@example.com' },
  shipToNotFound: { kind: 'shipToNotFound', shipTo: '0000410001' },
  soldToNotFound: { kind: 'soldToNotFound', soldTo: '0000100002' },
  roleWithoutShipTo: { kind: 'roleWithoutShipTo', soldTo: '0000100001' },
  roleNotHeld: { kind: 'roleNotHeld', role: 'approver', soldTo: '0000100001' },
  emailTaken: { kind: 'emailTaken', email: 'solo@example.com' },
  cannotDisableSelf: { kind: 'cannotDisableSelf' },
  lastAdmin: { kind: 'lastAdmin', soldTo: '0000100001' },
  invitationAccepted: { kind: 'invitationAccepted', uid: 'solo@example.com' },
  userDisabled: { kind: 'userDisabled', uid: 'disabled@example.com' },
  resendLimited: { kind: 'resendLimited', uid: 'new@example.com', limit: 3, retryAfterSeconds: 3600 },
};
const registrations: Examples<RegistrationProblem> = { confirmationInvalid: { kind: 'confirmationInvalid' } };
const registrationDecisions: Examples<RegistrationDecisionProblem> = {
  registrationNotFound: { kind: 'registrationNotFound', id: 7 },
  registrationNotConfirmed: { kind: 'registrationNotConfirmed', id: 7, status: 'declined' },
  soldToNotFound: { kind: 'soldToNotFound', soldTo: '0000999999' },
  shipToNotOfSoldTo: { kind: 'shipToNotOfSoldTo', shipTo: '0000410001', soldTo: '0000100001' },
  addressTaken: { kind: 'addressTaken', email: 'solo@example.com' },
};
const operatorAdmin: Examples<OperatorProblem> = {
  operatorNotFound: { kind: 'operatorNotFound', id: 9 },
  emailTaken: { kind: 'emailTaken', email: 'ann@meadowvale.example' },
  selfDisable: { kind: 'selfDisable' },
  statusUnchangeable: { kind: 'statusUnchangeable', email: 'ann@meadowvale.example', status: 'disabled', action: 'disable' },
  alreadyAccepted: { kind: 'alreadyAccepted', email: 'ann@meadowvale.example' },
  notSales: { kind: 'notSales', email: 'ann@meadowvale.example', role: 'customerService' },
  soldToNotFound: { kind: 'soldToNotFound', code: '0000999999', index: 1 },
};
const resets: Examples<ResetPasswordProblem> = {
  tokenInvalid: { kind: 'tokenInvalid' },
  passwordTooShort: { kind: 'passwordTooShort', minLength: 12 },
  passwordTooLong: { kind: 'passwordTooLong', maxLength: 256 },
  passwordIsEmail: { kind: 'passwordIsEmail' },
  passwordTooCommon: { kind: 'passwordTooCommon' },
  passwordUnchanged: { kind: 'passwordUnchanged' },
};
const passwordChanges: Examples<ChangePasswordProblem> = {
  wrongPassword: { kind: 'wrongPassword' },
  locked: { kind: 'locked' },
  addressLimited: { kind: 'addressLimited', retryAfterSeconds: 60 },
  passwordTooShort: { kind: 'passwordTooShort', minLength: 12 },
  passwordTooLong: { kind: 'passwordTooLong', maxLength: 256 },
  passwordIsEmail: { kind: 'passwordIsEmail' },
  passwordTooCommon: { kind: 'passwordTooCommon' },
  passwordUnchanged: { kind: 'passwordUnchanged' },
};
const approvals: Examples<ApprovalProblem> = {
  orderNotFound: { kind: 'orderNotFound', code: 'MV-000001' },
  standingOrderNotFound: { kind: 'standingOrderNotFound', code: 'SO-000001' },
  ownOrder: { kind: 'ownOrder', code: 'MV-000001' },
  overOwnLimit: { kind: 'overOwnLimit', code: 'MV-000001', limitPence: 50_000, tier: 'admins' },
  commentRequired: { kind: 'commentRequired' },
  cutoffPassed: { kind: 'cutoffPassed' },
  notPending: { kind: 'notPending', code: 'MV-000001', status: 'placed' },
  companyDecides: { kind: 'companyDecides', code: 'MV-000001' },
  orderChanged: { kind: 'orderChanged', code: 'MV-000001' },
  buyerDisabled: { kind: 'buyerDisabled', code: 'MV-000001' },
  standingNotPending: { kind: 'standingNotPending', code: 'SO-000001', status: 'approved' },
  notExpired: { kind: 'notExpired', code: 'MV-000001', status: 'pendingApproval' },
  deliveryDateNotOrderable: { kind: 'deliveryDateNotOrderable', date: '2026-12-25', why: 'notDeliveryDay' },
};

const approvalLimits: Examples<LimitProblem> = {
  notCompanyAdmin: { kind: 'notCompanyAdmin' },
  limitNotFound: { kind: 'limitNotFound', code: 'AL-000001' },
  soldToNotFound: { kind: 'soldToNotFound', soldTo: '0000100002' },
  shipToNotFound: { kind: 'shipToNotFound', shipTo: '0000410004' },
  userNotFound: { kind: 'userNotFound', user: 'solo@example.com' },
  soldToNeeded: { kind: 'soldToNeeded', user: 'multi@example.com' },
  soldToMismatch: { kind: 'soldToMismatch', shipTo: '0000410002', soldTo: '0000100002' },
  subjectMissing: { kind: 'subjectMissing' },
  subjectTwice: { kind: 'subjectTwice' },
  periodForShipToOnly: { kind: 'periodForShipToOnly' },
  periodRangeMissing: { kind: 'periodRangeMissing' },
  periodRangeNotAllowed: { kind: 'periodRangeNotAllowed' },
  limitExists: { kind: 'limitExists', code: 'AL-000001' },
};

const reminderSettings: Examples<ReminderSettingProblem> = { shipToNotFound: { kind: 'shipToNotFound', shipTo: '0000419999' } };
const checkins: Examples<CheckinProblem> = {
  orderNotFound: { kind: 'orderNotFound', code: 'MV-000001' },
  notDelivered: { kind: 'notDelivered', code: 'MV-000001', status: 'dispatched' },
  windowClosed: { kind: 'windowClosed', code: 'MV-000001', deadline: '2026-12-03T12:00:00.000Z' },
  alreadyCheckedIn: { kind: 'alreadyCheckedIn', code: 'MV-000001' },
  unknownEntry: { kind: 'unknownEntry', index: 0, entryNumber: 9 },
  repeatedEntry: { kind: 'repeatedEntry', index: 1, entryNumber: 0 },
  receivedMoreThanDelivered: { kind: 'receivedMoreThanDelivered', index: 0, entryNumber: 0, delivered: 3 },
  damagedMoreThanReceived: { kind: 'damagedMoreThanReceived', index: 0, entryNumber: 0 },
  reasonMissing: { kind: 'reasonMissing', index: 0, entryNumber: 0 },
};
const checkinPhotos: Examples<PhotoProblem> = {
  orderNotFound: { kind: 'orderNotFound', code: 'MV-000001' },
  photoNotFound: { kind: 'photoNotFound', id: 7 },
  notDelivered: { kind: 'notDelivered', code: 'MV-000001', status: 'dispatched' },
  windowClosed: { kind: 'windowClosed', code: 'MV-000001', deadline: '2026-12-03T12:00:00.000Z' },
  tooManyPhotos: { kind: 'tooManyPhotos', maximum: 5 },
  unknownPhotoLine: { kind: 'unknownPhotoLine', entryNumber: 9 },
  notAnImage: { kind: 'notAnImage' },
  imageTooLarge: { kind: 'imageTooLarge', maximumBytes: 10 * 1024 * 1024 },
  tooManyPixels: { kind: 'tooManyPixels', maximumPixels: 50_000_000 },
};
const invoicesIn: Examples<InvoiceProblem> = {
  invoiceNotFound: { kind: 'invoiceNotFound', number: 'INV-1' },
  soldToUnknown: { kind: 'soldToUnknown', soldTo: '9999999999' },
  grossNotNetPlusVat: { kind: 'grossNotNetPlusVat', net: 1000, vat: 200, gross: 1201 },
  linesDoNotAddUp: { kind: 'linesDoNotAddUp', field: 'net', lines: 999, total: 1000 },
  dueBeforeIssue: { kind: 'dueBeforeIssue' },
  orderOfOtherSoldTo: { kind: 'orderOfOtherSoldTo', orderCode: 'MV-00000001', index: 0 },
  pdfNotAPdf: { kind: 'pdfNotAPdf' },
  pdfTooLarge: { kind: 'pdfTooLarge', maximumBytes: 5 * 1024 * 1024 },
  paidInvoiceBecomesCreditNote: { kind: 'paidInvoiceBecomesCreditNote', number: 'INV-1' },
  paymentOnCreditNote: { kind: 'paymentOnCreditNote', number: 'CN-1' },
  paymentReferenceReused: { kind: 'paymentReferenceReused', number: 'INV-1', reference: 'BACS-1' },
  paymentExceedsOutstanding: { kind: 'paymentExceedsOutstanding', number: 'INV-1', outstandingPence: 700 },
};

const creditControl: Examples<CreditControlProblem> = {
  soldToUnknown: { kind: 'soldToUnknown', soldTo: 'S1' },
  orderNotFound: { kind: 'orderNotFound', code: 'MV-000001' },
  notAwaitingCredit: { kind: 'notAwaitingCredit', code: 'MV-000001', status: 'placed' },
  cutoffPassed: { kind: 'cutoffPassed', code: 'MV-000001' },
  buyerDisabled: { kind: 'buyerDisabled', code: 'MV-000001' },
  orderChanged: { kind: 'orderChanged', code: 'MV-000001' },
};
const invoiceReads: Examples<InvoiceReadProblem> = {
  invoiceNotFound: { kind: 'invoiceNotFound', number: 'INV-1' },
  soldToNotFound: { kind: 'soldToNotFound', soldTo: '0000100001' },
  soldToNeeded: { kind: 'soldToNeeded' },
  noSoldTos: { kind: 'noSoldTos' },
  rangeReversed: { kind: 'rangeReversed' },
  rangeTooLong: { kind: 'rangeTooLong', maximumDays: 1098 },
};
const credits: Examples<CreditProblem> = {
  creditRequestNotFound: { kind: 'creditRequestNotFound', code: 'CR-000001' },
  photoNotFound: { kind: 'photoNotFound', id: 1 },
  alreadyDecided: { kind: 'alreadyDecided', code: 'CR-000001', status: 'accepted' },
  amountRequired: { kind: 'amountRequired', status: 'partlyAccepted' },
  amountNotRequested: { kind: 'amountNotRequested', status: 'accepted', amount: 100, grossPence: 240 },
  amountAboveRequested: { kind: 'amountAboveRequested', amount: 300, grossPence: 240 },
  noteRequired: { kind: 'noteRequired' },
  decisionLineUnknown: { kind: 'decisionLineUnknown', index: 0, entryNumber: 7 },
  decisionLineRepeated: { kind: 'decisionLineRepeated', index: 1, entryNumber: 0 },
  decisionLineMissing: { kind: 'decisionLineMissing', entryNumber: 1 },
  creditedAboveRequested: { kind: 'creditedAboveRequested', index: 0, entryNumber: 0, quantity: 2 },
  lineDisagreesWithStatus: { kind: 'lineDisagreesWithStatus', index: 0, status: 'accepted', entryNumber: 0, quantity: 2 },
  amountNotLines: { kind: 'amountNotLines', amount: 100, linesPence: 120 },
  linesNotPartial: { kind: 'linesNotPartial', linesPence: 240, grossPence: 240 },
};

/** Every catalogue file with an example of each of its problems. */
const reports: Examples<ReportProblem> = {
  notCompanyAdmin: { kind: 'notCompanyAdmin' },
  periodReversed: { kind: 'periodReversed' },
  periodTooLong: { kind: 'periodTooLong', months: 25 },
  daysTooMany: { kind: 'daysTooMany', days: 63 },
};

const CATALOGUES: [string, Record<string, { kind: string }>, (problem: never) => ApiError][] = [
  ['accounts', accounts, accountProblemToApiError],
  ['carts', carts, cartProblemToApiError],
  ['catalogue', catalogue, catalogueProblemToApiError],
  ['orderguide', orderGuide, orderGuideProblemToApiError],
  ['admin customers', customers, customerProblemToApiError],
  ['admin products', products, productProblemToApiError],
  ['admin mail', mail, mailProblemToApiError],
  ['operator sign-in', signIn, operatorSignInProblemToApiError],
  ['company', company, companyProblemToApiError],
  ['registrations', registrations, registrationProblemToApiError],
  ['admin registrations', registrationDecisions, registrationDecisionProblemToApiError],
  ['operators', operatorAdmin, operatorProblemToApiError],
  ['notifications', notifications, notificationProblemToApiError],
  ['check-in', checkins, checkinProblemToApiError],
  ['check-in photos', checkinPhotos, photoProblemToApiError],
  ['password resets', resets, resetProblemToApiError],
  ['password changes', passwordChanges, changePasswordProblemToApiError],
  ['approvals', approvals, approvalProblemToApiError],
  ['approval limits', approvalLimits, limitProblemToApiError],
  ['cut-off reminder settings', reminderSettings, reminderSettingProblemToApiError],
  ['invoices in', invoicesIn, invoiceProblemToApiError],
  ['invoice reads', invoiceReads, invoiceReadProblemToApiError],
  ['credit requests', credits, creditProblemToApiError],
  ['credit control', creditControl, creditControlProblemToApiError],
  ['reports', reports, reportProblemToApiError],
];

describe('the error catalogue (errors/catalogue/)', () => {
  it('answers every problem of every module with a 4xx, a type and a message', () => {
    for (const [name, examples, toApiError] of CATALOGUES) {
      for (const [kind, problem] of Object.entries(examples)) {
        const error = toApiError(problem as never);
        assert.ok(error instanceof ApiError, `${name} ${kind}`);
        assert.ok(error.status >= 400 && error.status < 500, `${name} ${kind}: ${error.status}`);
        assert.match(error.type, /Error$/, `${name} ${kind}`);
        assert.ok(error.message.length > 0, `${name} ${kind}`);
      }
    }
  });

  it('keeps the answers the storefront and the API tests read, word for word', () => {
    assert.deepEqual(accountProblemToApiError(shipToNotFound).toBody(), {
      errors: [{ type: 'UnknownIdentifierError', reason: 'notFound', subject: 'shipTo', message: "Ship-to '0000410001' with sales organisation 'DAIR' not found" }],
    });
    assert.deepEqual(cartProblemToApiError(carts.activeCartNeedsScope).toBody(), {
      errors: [{ type: 'ValidationError', reason: 'invalid', subject: 'salesOrg', message: "Cart 'active' needs the query parameter 'salesOrg'" }],
    });
    assert.deepEqual(customerProblemToApiError(customers.statusUnchangeable).toBody(), {
      errors: [{ type: 'UserError', reason: 'conflict', subject: 'status', message: "User 'solo@example.com' is disabled: cannot disable" }],
    });
    const limited = operatorSignInProblemToApiError(signIn.addressLimited);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['Retry-After'], '60');
    assert.equal(operatorSignInProblemToApiError(signIn.locked).reason, 'locked');
    assert.deepEqual(
      [0, 1, 3].map((refused) => importRefusal({ refused }).message),
      ['The file was refused: nothing was written', '1 row was refused: nothing was written', '3 rows were refused: nothing was written'],
    );
  });
});

describe('the token endpoint\'s catalogue (errors/catalogue/auth.ts)', () => {
  it('answers every refused grant in the RFC 6749 shape with a 4xx and a description', () => {
    for (const [kind, problem] of Object.entries(grants)) {
      const error = grantProblemToOAuthError(problem);
      assert.ok(error instanceof OAuthError, kind);
      assert.ok(error.status >= 400 && error.status < 500, `${kind}: ${error.status}`);
      assert.ok(error.description.length > 0, kind);
    }
    assert.deepEqual(grantProblemToOAuthError(grants.locked).toBody(), { error: 'invalid_grant', error_description: 'Account Locked' });
  });
});

describe('unwrap (errors/reply.ts)', () => {
  it('answers the value of a success and throws the mapped ApiError of a problem', () => {
    assert.equal(unwrap(ok(3), accountProblemToApiError), 3);
    assert.throws(
      () => unwrap(fail(shipToNotFound), accountProblemToApiError),
      (error: unknown) => error instanceof ApiError && error.status === 404 && error.subject === 'shipTo',
    );
  });
});
