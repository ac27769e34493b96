import { ConfigError, type Env, type InvoiceIssuer } from './env';

/** The demo's supplier: made up, and never used in production on a database server, where every value must be configured. */
const DEMO_ISSUER = {
  INVOICE_SUPPLIER_NAME: 'Meadowvale Foods Ltd',
  INVOICE_SUPPLIER_ADDRESS: 'Meadowvale Dairy; Long Lane; Skipton; BD23 4QT',
  INVOICE_VAT_NUMBER: 'GB 123 4567 89',
  INVOICE_COMPANY_NUMBER: '01234567',
  INVOICE_PAYMENT_TERMS: '30 days from the invoice date',
  INVOICE_BANK_ACCOUNT_NAME: 'Meadowvale Foods Ltd',
  INVOICE_BANK_SORT_CODE: '12-34-56',
  INVOICE_BANK_ACCOUNT_NUMBER: '12345678',
} as const;

const REQUIRED = ['INVOICE_SUPPLIER_NAME', 'INVOICE_SUPPLIER_ADDRESS', 'INVOICE_VAT_NUMBER', 'INVOICE_PAYMENT_TERMS', 'INVOICE_BANK_ACCOUNT_NAME', 'INVOICE_BANK_SORT_CODE', 'INVOICE_BANK_ACCOUNT_NUMBER'] as const;

export function invoiceIssuer(env: Env, demoMode: boolean): InvoiceIssuer {
  const real = env.NODE_ENV === 'production' && !demoMode;
  const missing = REQUIRED.filter((name) => env[name] === undefined);
  // Demo bank details on a real invoice would send a customer's money nowhere: production names its own.
  if (real && missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required in production on a database server (printed on every invoice)`).join('\n')}`);
  }
  const value = (name: keyof typeof DEMO_ISSUER) => env[name] ?? DEMO_ISSUER[name];
  return {
    name: value('INVOICE_SUPPLIER_NAME'),
    addressLines: value('INVOICE_SUPPLIER_ADDRESS')
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    vatNumber: value('INVOICE_VAT_NUMBER'),
    companyNumber: real ? env.INVOICE_COMPANY_NUMBER : value('INVOICE_COMPANY_NUMBER'),
    paymentTerms: value('INVOICE_PAYMENT_TERMS'),
    bank: { accountName: value('INVOICE_BANK_ACCOUNT_NAME'), sortCode: value('INVOICE_BANK_SORT_CODE'), accountNumber: value('INVOICE_BANK_ACCOUNT_NUMBER') },
  };
}
