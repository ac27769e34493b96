import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { UnsubscribeForm } from '@/components/notifications/unsubscribe-form';
import { NOTIFICATION_KINDS } from '@/lib/commerce/notification-kinds';
import { unsubscribeLinkAbout } from '@/lib/commerce/notifications';
import { UNSUBSCRIBE_TOKEN } from '@/lib/commerce/unsubscribe-token';
import type { UnsubscribeState } from '../actions';

/** The API's words for a link that cannot be used (expired, used or unknown). */
const LINK_USED = 'This unsubscribe link has expired or was already used';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false, follow: false } };

/**
 * The link of every e-mail a customer may turn off (List-Unsubscribe and its footer). A GET only shows the
 * button; a POST to this address without script or from a mail provider (RFC 8058 one-click) is answered by
 * app/api/unsubscribe/[token]/route.ts, which sends a browser back here with `?unsubscribed=<kind>` or
 * `?failed=1`. No sign-in: the token is the authority. Before the button it says which kind of mail stops and to
 * which address; a link used already says it is done.
 */
export default async function UnsubscribePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  if (!UNSUBSCRIBE_TOKEN.test(token)) notFound();
  const query = await searchParams;
  const kind = NOTIFICATION_KINDS.find((entry) => entry.kind === query.unsubscribed)?.kind;
  const about = await unsubscribeLinkAbout(token);
  const link = about.ok ? about.data : undefined;
  const initial: UnsubscribeState = kind
    ? { status: 'done', kind }
    : link?.used
      ? { status: 'done', kind: link.kind, already: true }
      : query.failed === '1' || (!about.ok && about.error.status === 400)
        ? { status: 'error', message: LINK_USED }
        : { status: 'idle' };
  return (
    <div className="card">
      <h1>Unsubscribe</h1>
      <UnsubscribeForm token={token} initial={initial} about={link} />
    </div>
  );
}
