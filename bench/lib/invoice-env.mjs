/**
 * The supplier and bank details a production API on a database server must be given (docs/configuration.md
 * "Invoices"); the benches run it that way, so they pass made-up ones.
 */
export const BENCH_INVOICE_ENV = {
  INVOICE_SUPPLIER_NAME: 'Meadowvale Foods Ltd',
  INVOICE_SUPPLIER_ADDRESS: 'Meadowvale Dairy; Long Lane; Skipton; BD23 4QT',
  INVOICE_VAT_NUMBER: 'GB 123 4567 89',
  INVOICE_PAYMENT_TERMS: '30 days from the invoice date',
  INVOICE_BANK_ACCOUNT_NAME: 'Meadowvale Foods Ltd',
  INVOICE_BANK_SORT_CODE: '12-34-56',
  INVOICE_BANK_ACCOUNT_NUMBER: '12345678',
};
