import { registerMailKind } from '../mail/mail-kinds';

/** The requests to decide a held order, which an approver may turn off (docs/people.md#notifications). */
export const registerApprovalMailKinds = (): void => registerMailKind('approvalRequests', 'approval request');
