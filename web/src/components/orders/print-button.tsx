'use client';

/** Opens the browser's print dialog; the order pages' print stylesheet leaves out the shop around the order. */
export function PrintButton() {
  return (
    <button type="button" className="button button-secondary" onClick={() => window.print()}>
      Print order
    </button>
  );
}
