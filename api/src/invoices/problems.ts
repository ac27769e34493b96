/** Why an ERP invoice, credit note or payment was refused: values, answered over HTTP by invoices/problem-answers.ts. */
export type InvoiceProblem =
  | { kind: 'invoiceNotFound'; number: string }
  | { kind: 'soldToUnknown'; soldTo: string }
  | { kind: 'grossNotNetPlusVat'; net: number; vat: number; gross: number }
  | { kind: 'linesDoNotAddUp'; field: 'net' | 'vat'; lines: number; total: number }
  | { kind: 'dueBeforeIssue' }
  | { kind: 'orderOfOtherSoldTo'; orderCode: string; index: number }
  | { kind: 'pdfNotAPdf' }
  | { kind: 'pdfTooLarge'; maximumBytes: number }
  | { kind: 'paidInvoiceBecomesCreditNote'; number: string }
  | { kind: 'paymentOnCreditNote'; number: string }
  | { kind: 'paymentReferenceReused'; number: string; reference: string }
  | { kind: 'paymentExceedsOutstanding'; number: string; outstandingPence: number };

/** Why a customer's invoice read was refused (scope answers as missing). */
export type InvoiceReadProblem =
  | { kind: 'invoiceNotFound'; number: string }
  | { kind: 'soldToNotFound'; soldTo: string }
  | { kind: 'soldToNeeded' }
  | { kind: 'noSoldTos' }
  | { kind: 'rangeReversed' }
  | { kind: 'rangeTooLong'; maximumDays: number };
