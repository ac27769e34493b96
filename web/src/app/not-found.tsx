import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <div className="card error-page">
      <p className="error-code">404</p>
      <h1>Page not found</h1>
      <p>The page you were looking for does not exist or has moved.</p>
      <p>
        <Link href="/">Go to the home page</Link> or <Link href="/about/faq/">read the FAQs</Link>.
      </p>
    </div>
  );
}
