import type { Metadata } from 'next';
import { AdminLoadFailed, formatDateTime } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { operatorListSchema, type OperatorEntry } from '@/lib/admin/operator-schemas';
import { InviteOperatorForm } from './invite-operator-form';
import { OperatorActions } from './operator-actions';

export const metadata: Metadata = { title: 'Operators' };

function OperatorState({ operator }: { operator: OperatorEntry }) {
  if (operator.status === 'disabled') return <span className="admin-status-bad">Disabled</span>;
  if (operator.passwordSet) return <span className="admin-status-ok">Active</span>;
  if (operator.invitationExpiresAt) return <span>Invited, until {formatDateTime(operator.invitationExpiresAt)}</span>;
  return <span className="admin-status-bad">Invitation expired</span>;
}

/** The back office's own people (admins only): who they are, their state, invite, disable, enable, resend. */
export default async function AdminOperatorsPage() {
  const me = await requireOperator(['admin']);
  const result = await adminCall(operatorListSchema, '/operators');
  return (
    <div className="admin-page">
      <h1>Operators</h1>
      {!result.ok ? <AdminLoadFailed error={result.error} /> : null}
      {result.ok ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Operator</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {result.data.operators.map((operator) => (
                <tr key={operator.id} data-testid={`operator-${operator.email}`}>
                  <td data-label="Operator">
                    {operator.name} &lt;{operator.email}&gt;
                  </td>
                  <td data-label="Role">{operator.role}</td>
                  <td data-label="State">
                    <OperatorState operator={operator} />
                  </td>
                  <td data-label="Actions">
                    <OperatorActions operator={operator} isSelf={operator.email === me.email} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <section className="admin-section">
        <InviteOperatorForm />
      </section>
    </div>
  );
}
