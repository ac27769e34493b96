import Link from 'next/link';
import type { MessageLink } from '@/lib/forms/action-state';

/** A message whose last words are a link (e.g. "…already been ordered as MV-000005", the code linking to the order). */
export function LinkedMessage({ message, link }: { message: string; link?: MessageLink }) {
  if (!link) return <>{message}</>;
  const text = message.endsWith(link.label) ? message.slice(0, -link.label.length) : `${message} `;
  return (
    <>
      {text}
      <Link href={link.href}>{link.label}</Link>
    </>
  );
}
