'use client';

import { useState, useTransition } from 'react';
import { switchAccount } from './actions';
import { clearClientCaches } from './client-caches';
import { useNetworkFailure } from './use-server-action';
import { rangeLabel } from './switcher-model';

interface Props {
  ranges: { code: string }[];
  next?: string;
}

/** /account/select/ for a user with one account and several ranges: the account is theirs, only the range is asked. */
export function RangeChoice({ ranges, next }: Props) {
  const [pending, startTransition] = useTransition();
  const [problem, setProblem] = useState<string>();
  const { callAction } = useNetworkFailure();

  const choose = (salesOrg: number) =>
    startTransition(async () => {
      clearClientCaches();
      const result = await callAction(() => switchAccount({ shipTo: 0, salesOrg }, next));
      if (result && !result.ok) setProblem(result.message);
    });

  return (
    <div aria-busy={pending}>
      <div className="modal-actions">
        {ranges.map((org, index) => (
          <button key={org.code} type="button" className="button button-primary" disabled={pending} onClick={() => choose(index)}>
            Order {rangeLabel(org.code)}
          </button>
        ))}
      </div>
      {pending ? <p role="status">Opening the shop…</p> : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
