import type { InvoiceProblem, InvoiceReadProblem } from './problems';
import { badRequest, conflict, notFound, type ApiError } from '../http/errors';
import { formatPence } from '../pricing/money';

/** The HTTP answers of invoices, credit notes, payments and statements (docs/after-delivery.md); scope answers as missing. */

const invoiceNotFound = (number: string) => notFound('InvoiceError', 'number', `Invoice '${number}' not found`);

export function invoiceProblemToApiError(problem: InvoiceProblem): ApiError {
  switch (problem.kind) {
    case 'invoiceNotFound':
      return invoiceNotFound(problem.number);
    case 'soldToUnknown':
      return badRequest('soldTo', `Sold-to '${problem.soldTo}' is not a customer of the shop`, 'InvoiceError');
    case 'grossNotNetPlusVat':
      return badRequest('gross', `gross must be net + vat: ${problem.net} + ${problem.vat} = ${problem.net + problem.vat} pence, not ${problem.gross}`, 'InvoiceError');
    case 'linesDoNotAddUp':
      return badRequest(problem.field, `The lines' ${problem.field} adds up to ${problem.lines} pence, but ${problem.field} is ${problem.total}`, 'InvoiceError');
    case 'dueBeforeIssue':
      return badRequest('dueDate', 'dueDate must not be before issueDate', 'InvoiceError');
    case 'orderOfOtherSoldTo':
      return badRequest(`orderCodes.${problem.index}`, `Order '${problem.orderCode}' belongs to another sold-to`, 'InvoiceError');
    case 'pdfNotAPdf':
      return badRequest('pdf', 'pdf must be a PDF file (starting %PDF-), base64-encoded', 'InvoiceError');
    case 'pdfTooLarge':
      return badRequest('pdf', `pdf must be at most ${problem.maximumBytes / (1024 * 1024)} MB`, 'InvoiceError');
    case 'paidInvoiceBecomesCreditNote':
      return conflict('InvoiceError', 'type', `Invoice '${problem.number}' has payments and cannot become a credit note`);
    case 'paymentOnCreditNote':
      return conflict('InvoiceError', 'number', `'${problem.number}' is a credit note; payments are made against invoices`);
    case 'paymentReferenceReused':
      return conflict('InvoiceError', 'reference', `Invoice '${problem.number}' already has a payment '${problem.reference}' with a different amount or time`);
    case 'paymentExceedsOutstanding':
      return badRequest('amount', `The payment is more than the ${formatPence(problem.outstandingPence)} left to pay on invoice '${problem.number}'`, 'InvoiceError');
  }
}

export function invoiceReadProblemToApiError(problem: InvoiceReadProblem): ApiError {
  switch (problem.kind) {
    case 'invoiceNotFound':
      return invoiceNotFound(problem.number);
    case 'soldToNotFound':
      return notFound('InvoiceError', 'soldTo', `Sold-to '${problem.soldTo}' not found`);
    case 'soldToNeeded':
      return badRequest('soldTo', 'You buy for more than one sold-to: choose the sold-to of the statement', 'InvoiceError');
    case 'noSoldTos':
      return notFound('InvoiceError', 'soldTo', 'This user has no ship-to, so no statement');
    case 'rangeReversed':
      return badRequest('from', 'from must not be after to', 'InvoiceError');
    case 'rangeTooLong':
      return badRequest('from', `A statement covers at most ${problem.maximumDays} days; choose a shorter range`, 'InvoiceError');
  }
}
