import type { Metadata } from 'next';
import { AdminLoadFailed, formatDateTime } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { assignedSoldTosSchema, operatorListSchema, type OperatorEntry, type SoldToChoice } from '@/lib/admin/operator-schemas';
import { AssignCustomers } from './assign-customers';
import { InviteOperatorForm } from './invite-operator-form';
import { OperatorActions } from './operator-actions';

export const metadata: Metadata = { title: 'Operators' };

function OperatorState({ operator }: { operator: OperatorEntry }) {
  if (operator.status === 'disabled') return <span className="admin-status-bad">Disabled</span>;
  if (operator.passwordSet) return <span className="admin-status-ok">Active</span>;
  if (operator.invitationExpiresAt) return <span>Invited, until {formatDateTime(operator.invitationExpiresAt)}</span>;
  return <span className="admin-status-bad">Invitation expired</span>;
}

function RepCustomers({ operator, customers }: { operator: OperatorEntry; customers: SoldToChoice[] | 'failed' | undefined }) {
  if (operator.role !== 'sales') return <span className="admin-muted">All</span>;
  if (customers === 'failed' || customers === undefined) return <span className="admin-status-bad">Could not load their customers</span>;
  return <AssignCustomers operatorId={operator.id} operatorName={operator.name} assigned={customers} />;
}

/** Each sales rep's customers, one call per rep: a back office has a handful. */
async function customersOfReps(operators: OperatorEntry[]): Promise<Map<number, SoldToChoice[] | 'failed'>> {
  const reps = operators.filter((operator) => operator.role === 'sales');
  const answers = await Promise.all(reps.map((rep) => adminCall(assignedSoldTosSchema, `/operators/${rep.id}/soldtos`)));
  return new Map(reps.map((rep, index) => {
    const answer = answers[index];
    return [rep.id, answer?.ok ? answer.data.soldTos : 'failed'];
  }));
}

/**
 * The back office's own people (admins only): who they are, their state, invite, disable, enable, resend; a
 * sales rep's customers, assigned and removed here.
 */
export default async function AdminOperatorsPage() {
  const me = await requireOperator(['admin']);
  const result = await adminCall(operatorListSchema, '/operators');
  const customers = result.ok ? await customersOfReps(result.data.operators) : new Map<number, SoldToChoice[] | 'failed'>();
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
                <th scope="col">Customers</th>
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
                  <td data-label="Customers" className="admin-stack-cell">
                    <RepCustomers operator={operator} customers={customers.get(operator.id)} />
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
