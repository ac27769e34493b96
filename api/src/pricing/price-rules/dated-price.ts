import type { IsoDate } from '../../time/calendar-date';

/** A price in force for delivery dates from `validFrom` through `validTo` (open-ended when null). */
export interface DatedPrice {
  /** The sold-to whose own price it is; null for the list price. */
  soldTo: string | null;
  validFrom: IsoDate;
  validTo: IsoDate | null;
  unit: number;
}

export const coversDate = (row: Pick<DatedPrice, 'validFrom' | 'validTo'>, date: IsoDate): boolean => row.validFrom <= date && (row.validTo === null || date <= row.validTo);

/**
 * The case price in force on `date` where a dated row decides it (docs/pricing.md "Prices by delivery date"): the
 * sold-to's own dated price first; else, for a sold-to without an undated price of its own, the dated list
 * price. Undefined where no row covers the date and the undated price stands.
 */
export function datedUnit(rows: readonly DatedPrice[], date: IsoDate, hasOwnPrice: boolean): DatedPrice | undefined {
  const covering = rows.filter((row) => coversDate(row, date));
  return covering.find((row) => row.soldTo !== null) ?? (hasOwnPrice ? undefined : covering.find((row) => row.soldTo === null));
}
