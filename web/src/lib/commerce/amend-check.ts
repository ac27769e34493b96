import { z } from 'zod';
import { approvalReasonSchema, formatPence, reasonText } from './approvals';
import { formatLondonInstant } from './dates';

/**
 * What saving an order's changes would do to its approval (POST …/orders/{code}/amendmentcheck,
 * docs/approvals.md "Amending"), asked before saving so the edit page can say so first.
 */
export const amendmentCheckSchema = z.object({
  outcome: z.enum(['amended', 'keepsApproval', 'heldAgain', 'staysHeld', 'placed']),
  needsApproval: z.boolean(),
  netPence: z.number().int(),
  reasons: z.array(approvalReasonSchema).default([]),
  decidedBy: z.object({ tier: z.enum(['approvers', 'admins', 'operators']), names: z.array(z.string()) }).nullish(),
  deadline: z.string(),
});
export type AmendmentCheck = z.infer<typeof amendmentCheckSchema>;

/** "Priya Shah", "Priya Shah or Tom Reed", or the back office when nobody at the company can decide. */
function whoDecides(decidedBy: AmendmentCheck['decidedBy']): string {
  if (!decidedBy || decidedBy.tier === 'operators' || decidedBy.names.length === 0) return 'Meadowvale’s customer service';
  const names = decidedBy.names;
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

export interface AmendmentNotice {
  title: string;
  why: string[];
  lines: string[];
  /** Whether the buyer must confirm before saving (the change puts the order on hold). */
  confirm: boolean;
}

/** The edit page's notice before saving, or null when saving changes nothing about the approval. */
export function amendmentNotice(check: AmendmentCheck): AmendmentNotice | null {
  // Only an order's placer amends it, so a user's own limit in its reasons is always the reader's.
  const why = check.reasons.map((reason) => reasonText(reason, { self: reason.user ?? undefined }));
  const total = formatPence(check.netPence);
  const by = formatLondonInstant(check.deadline);
  switch (check.outcome) {
    case 'heldAgain':
      return {
        title: 'This change needs a new approval',
        why,
        lines: [
          `Who decides: ${whoDecides(check.decidedBy)}.`,
          `By when: ${by}, the cut-off for this delivery.`,
          `Until then the order waits and is not delivered. If nobody decides by the cut-off, the order expires and is not delivered.`,
        ],
        confirm: true,
      };
    case 'staysHeld':
      return {
        title: 'The order still needs approval',
        why,
        lines: [`${whoDecides(check.decidedBy)} decides by ${by} and is told of the change (new total ${total} net). If nobody decides by then, the order expires and is not delivered.`],
        confirm: false,
      };
    case 'keepsApproval':
      return { title: 'The approval is kept', why: [], lines: [`The new total of ${total} net is no higher than before, so the order keeps its approval. The approver is told of the change.`], confirm: false };
    case 'placed':
      return { title: 'No approval needed any more', why: [], lines: [`At ${total} net the order is within every limit: saving places it.`], confirm: false };
    default:
      return null;
  }
}
