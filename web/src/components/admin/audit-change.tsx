/** A recorded value in words: no JSON braces or quotes for an operator to read through. */
function inWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(inWords).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => (key === 'entryNumber' && typeof item === 'number' ? `line ${item + 1}` : `${fieldName(key)} ${inWords(item)}`))
      .join(', ');
  }
  return '—';
}

/** "deliveredQuantity" → "delivered quantity". */
const fieldName = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : value === null || value === undefined ? {} : { value };

/** One line per field: "status: placed → confirmed" when it changed, "note: …" when only recorded after. */
export function auditChanges(before: unknown, after: unknown): string[] {
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const lines: string[] = [];
  for (const key of keys) {
    const inBefore = key in was;
    const inAfter = key in now;
    if (inBefore && inAfter && inWords(was[key]) === inWords(now[key])) continue;
    if (inBefore && inAfter) lines.push(`${fieldName(key)}: ${inWords(was[key])} → ${inWords(now[key])}`);
    // A field recorded only after and empty (no note, no lines) says nothing.
    else if (inAfter && !['—', 'none'].includes(inWords(now[key]))) lines.push(`${fieldName(key)}: ${inWords(now[key])}`);
    else if (inBefore) lines.push(`${fieldName(key)}: ${inWords(was[key])} → —`);
  }
  return lines;
}

/** The change an audit entry records, as readable fields. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditChanges(before, after);
  if (lines.length === 0) return <>—</>;
  return (
    <ul className="admin-audit-change">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
