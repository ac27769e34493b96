import type { Metadata } from 'next';
import Link from 'next/link';
import pageStyles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: 'Not available while acting for a customer' };

/**
 * What the proxy shows instead of a page an operator acting for a customer cannot use (password, e-mail
 * notification settings, company users and limits, approvals: session-data.ts outOfReachWhileActing), under the
 * page's own address (docs/assisted-service.md "In the shop").
 */
export default function NotWhileActingPage() {
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Not available while acting for a customer</h1>
      <p>The customer does this themselves, signed in as themselves.</p>
      <p>
        <Link href="/">Back to the shop</Link>
      </p>
    </div>
  );
}
