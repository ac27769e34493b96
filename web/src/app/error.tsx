'use client';

import { useEffect } from 'react';
import { reportError } from '@/components/shell/report-error';

/** docs/storefront-requirements.md §2 error page for a render crash, reported to the API's /logging through /api/log/. */
export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    reportError({ kind: 'crash', title: error.name || 'Error', description: `${error.message}${error.digest ? ` (digest ${error.digest})` : ''}` });
  }, [error]);
  return <ErrorContent />;
}

export function ErrorContent() {
  return (
    <div className="card error-page" data-testid="error-page">
      <title>Business Orders | Unexpected error</title>
      <p className="error-code">Error, Oops, something went wrong.</p>
      <h1>An unexpected error occurred</h1>
      <p>Please contact customer service.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
