/** Everything brand-specific in one place (docs/decisions-left-open.md). Safe for client components: no secrets here. */
export const site = {
  brand: 'Meadowvale Foods',
  titlePrefix: 'Business Orders',
  phone: '0800 123 4567',
  phoneHref: 'tel:+448001234567',
  email: 'orders@meadowvale.example',
  hours: 'Mon-Fri 9am-5pm',
  copyrightHolder: 'Meadowvale Foods Ltd',
} as const;

export const RANGE_NAMES = { CHIL: 'Chill', DAIR: 'Dairy' } as const;
export type RangeCode = keyof typeof RANGE_NAMES;

export function rangeName(code: string): string {
  return code in RANGE_NAMES ? RANGE_NAMES[code as RangeCode] : code;
}
