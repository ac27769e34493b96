import type { Tx } from '../db/client';
import { escapeHtml, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import { formatPence } from '../pricing/money';
import type { DecisionStatus } from './credit-status';
import type { Cause } from '../tracing/cause';

export const CREDIT_DECIDED = 'credit.decided';
/** The ERP made or heard the decision itself: it is news for the buyer only. */
const MAIL_ONLY = ['mail'] as const;

/** A decided credit request as its e-mail tells it, taken in the transaction that decided it. */
export interface CreditDecidedData {
  creditRequest: {
    code: string;
    orderCode: string;
    shipTo: { code: string; name: string };
    status: DecisionStatus;
    grossPence: number;
    creditedPence: number;
    /**
     * What was credited of each line; null when a partly accepted decision named only an amount. Absent from
     * events written before decisions kept their lines.
     */
    lines?: DecidedLine[] | null;
    note: string | null;
    creditNoteNumber: string | null;
  };
  recipient: { userId: number; name: string; email: string };
}

interface DecidedLine {
  entryNumber: number;
  productCode: string;
  name: string;
  quantity: number;
  creditedQuantity: number;
  creditedPence: number;
}

export async function writeCreditDecided(tx: Tx, data: CreditDecidedData, cause: Cause): Promise<void> {
  await writeEvent<CreditDecidedData>(tx, { type: CREDIT_DECIDED, key: data.creditRequest.code, channels: MAIL_ONLY, payload: data, cause });
}

const SIGNATURE = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';

const OUTCOME: Record<DecisionStatus, string> = { accepted: 'accepted', partlyAccepted: 'partly accepted', rejected: 'rejected' };

/** What the decision means for the buyer, in one or two sentences. */
function outcomeText({ creditRequest: credit }: CreditDecidedData): string[] {
  const requested = formatPence(credit.grossPence);
  const noteNumber = credit.creditNoteNumber ? ` Credit note ${credit.creditNoteNumber} will appear with your invoices.` : '';
  switch (credit.status) {
    case 'accepted':
      return [`We have accepted it in full: you will be credited ${formatPence(credit.creditedPence)} (including VAT).${noteNumber}`];
    case 'partlyAccepted':
      return [`We have accepted part of it: you will be credited ${formatPence(credit.creditedPence)} of the ${requested} requested (including VAT).${noteNumber}`];
    case 'rejected':
      return [`We could not accept it, so no credit will be given for the ${requested} requested.`];
  }
}

const cases = (count: number) => `${count} ${count === 1 ? 'case' : 'cases'}`;

/** One line's outcome in words: "Whole Milk 2L (P100): credited 2 of 3 cases, £4.20". */
function decidedLineText(line: DecidedLine): string {
  const product = `${line.name} (${line.productCode})`;
  if (line.creditedQuantity === 0) return `${product}: not credited (${cases(line.quantity)} requested)`;
  if (line.creditedQuantity === line.quantity) return `${product}: credited in full, ${cases(line.quantity)}, ${formatPence(line.creditedPence)}`;
  return `${product}: credited ${line.creditedQuantity} of ${cases(line.quantity)}, ${formatPence(line.creditedPence)}`;
}

/** To the order's buyer, who had the request's e-mail too: the decision, the amount credited, each line's outcome when known, and the note. */
export function creditDecidedMail(data: CreditDecidedData, shopUrl: string): MailContent {
  const { creditRequest: credit, recipient } = data;
  const href = shopLink(shopUrl, `/account/credits/${encodeURIComponent(credit.code)}/`);
  const paragraphs = [
    `Your credit request ${credit.code} for order ${credit.orderCode} (${credit.shipTo.name}, ${credit.shipTo.code}) has been ${OUTCOME[credit.status]}.`,
    ...outcomeText(data),
  ];
  const lines = (credit.lines ?? []).map(decidedLineText);
  const note = credit.note ? [`Our note: ${credit.note}`] : [];
  const label = 'View the credit request';
  const text = [
    `Dear ${recipient.name},`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(lines.length > 0 ? [...lines, ''] : []),
    ...note.flatMap((paragraph) => [paragraph, '']),
    `${label}: ${href}`,
    '',
    SIGNATURE,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(recipient.name)},</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${lines.length > 0 ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
${note.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(href)}">${label}</a></p>
<p style="color:#555">${SIGNATURE}</p>
</body></html>`;
  return {
    to: recipient.email,
    subject: `Credit request ${credit.code}: ${OUTCOME[credit.status]}`,
    text,
    html,
    preference: { userId: recipient.userId, kind: 'statusChanges' },
  };
}

/** At start-up: the decision's e-mail, mail only. */
export function registerCreditDecidedEvent(registry: EventTypeRegistry): void {
  registry.registerEventType<CreditDecidedData>({ type: CREDIT_DECIDED, channels: MAIL_ONLY, mail: creditDecidedMail });
}
