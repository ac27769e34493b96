/**
 * The kinds of mail a user may turn off (notification preferences, and the RFC 8058 one-click unsubscribe
 * every such mail carries). The module that sends a kind registers it at start-up with the label its
 * unsubscribe footer names ("Stop order confirmation e-mails"); the platform knows none. Kinds answer in the
 * order they were registered. Security mails (password reset, invitation, address confirmation) are of no
 * kind: they are always sent and carry no unsubscribe link (docs/people.md#notifications).
 */
export type MailKind = string;

const labels = new Map<MailKind, string>();

/** Registers a kind; registering it again with the same label (another app in a test process) changes nothing. */
export function registerMailKind(kind: MailKind, label: string): void {
  const registered = labels.get(kind);
  if (registered !== undefined && registered !== label) throw new Error(`mail kind ${kind} is registered twice, as "${registered}" and "${label}"`);
  labels.set(kind, label);
}

export const mailKinds = (): MailKind[] => [...labels.keys()];

export const isMailKind = (value: string): value is MailKind => labels.has(value);

/** How the unsubscribe footer names the kind: "order confirmation". */
export function mailKindLabel(kind: MailKind): string {
  const label = labels.get(kind);
  if (label === undefined) throw new Error(`mail kind ${kind} is not registered`);
  return label;
}
