/**
 * What `cases` of a credit request's line come to including VAT, priced as the API prices the request's lines
 * (api/src/pricing/money.ts lineAmounts: VAT per line, rounded half up). The back office shows it while the
 * operator picks the cases; the amount credited is the one the API works out, shown once decided.
 */
export function creditedCasesPence(unitPricePence: number, cases: number, vatRateBp: number): number {
  const netPence = unitPricePence * cases;
  return netPence + Math.floor((netPence * vatRateBp + 5000) / 10_000);
}
