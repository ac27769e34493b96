/** The ERP's sold-to and ship-to codes are ten digits with leading zeros, e.g. 0000100001. */
const CODE_DIGITS = 10;

/**
 * A code as typed, in the ERP's form: digits typed without their leading zeros (100001, as the ERP's screens
 * show them) get them back; anything else is kept as typed.
 */
export function customerCode(typed: string): string {
  const code = typed.trim();
  return /^\d+$/.test(code) && code.length < CODE_DIGITS ? code.padStart(CODE_DIGITS, '0') : code;
}
