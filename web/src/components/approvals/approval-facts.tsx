import { decisionText, reasonText, type ApprovalDecision, type ApprovalReason, type ReasonReader } from '@/lib/commerce/approvals';
import { formatLondonInstant } from '@/lib/commerce/dates';
import styles from '@/components/orders/orders.module.css';

/** Why a held order needs approval: the limits it goes over, each in one sentence with the amount, as `reader` reads them. */
export function ReasonList({ reasons, label, reader }: { reasons: ApprovalReason[]; label: string; reader: ReasonReader }) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={label}>
      {reasons.map((reason, index) => (
        <li key={`${reason.limit ?? reason.type}-${index}`}>{reasonText(reason, reader)}</li>
      ))}
    </ul>
  );
}

/** Who decided what and when, oldest first, with a rejection's comment as they wrote it. */
export function DecisionList({ decisions }: { decisions: ApprovalDecision[] }) {
  if (decisions.length === 0) return null;
  return (
    <ul className={styles.decisions} aria-label="Decisions">
      {decisions.map((decision, index) => (
        <li key={`${decision.at}-${index}`}>
          <strong>{decisionText(decision)}</strong> <span className={styles.muted}>{formatLondonInstant(decision.at)}</span>
          {decision.comment ? <q className={styles.comment}>{decision.comment}</q> : null}
        </li>
      ))}
    </ul>
  );
}
