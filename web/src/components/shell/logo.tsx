import Link from 'next/link';
import { site } from '@/lib/site-config';

export function Logo() {
  return (
    <Link href="/" className="logo" prefetch={false}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="18" fill="var(--brand)" />
        <path d="M7 25c3-8 6-12 11-12s8 4 11 12" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="18" cy="10" r="3" fill="#fff" />
      </svg>
      <span className="logo-text">
        {site.brand}{' '}
        <span className="logo-sub">{site.titlePrefix}</span>
      </span>
    </Link>
  );
}
