'use client';

import { useEffect } from 'react';
import { reportError } from '@/components/shell/report-error';
import { ErrorContent } from './error';
import './globals.css';

/** A crash in the root layout itself: the same page, in a document of its own. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    reportError({ kind: 'crash', title: error.name || 'Error', description: `${error.message}${error.digest ? ` (digest ${error.digest})` : ''}` });
  }, [error]);
  return (
    <html lang="en-GB">
      <body>
        <main id="main" className="site-main">
          <ErrorContent />
        </main>
      </body>
    </html>
  );
}
