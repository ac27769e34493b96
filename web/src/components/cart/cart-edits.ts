'use client';

/**
 * Quantities typed into the cart and not yet saved (issue 13: a typed quantity is never lost). Each line
 * registers here; leaving the page first saves what is pending, and asks when that fails.
 */
export interface PendingEdit {
  /** Typed and not yet saved, or being saved right now. */
  unsaved(): boolean;
  /** Saves what is typed now; false when it could not be saved (the line shows why). */
  save(): Promise<boolean>;
}

const edits = new Set<PendingEdit>();

export function registerCartEdit(edit: PendingEdit): () => void {
  edits.add(edit);
  return () => {
    edits.delete(edit);
  };
}

export const hasUnsavedCartEdits = (): boolean => [...edits].some((edit) => edit.unsaved());

export async function saveCartEdits(): Promise<boolean> {
  const results = await Promise.all([...edits].filter((edit) => edit.unsaved()).map((edit) => edit.save()));
  return results.every(Boolean);
}
