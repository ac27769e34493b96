/** docs/storefront-requirements.md §2 Forms: a field's id comes from its name and label, lower-cased, every non-letter/digit a hyphen. */
export function fieldId(name: string, label: string): string {
  return `${name}-${label}`.toLowerCase().replace(/[^a-z0-9]/g, '-');
}

export type FieldSize = 'full' | 'medium' | 'narrow';
