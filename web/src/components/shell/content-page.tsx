import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { loadContent, type ContentPage as ContentName } from '@/lib/content/markdown';

const ABOUT_LINKS = [
  { href: '/about/', name: 'About us' },
  { href: '/about/faq/', name: 'FAQs' },
  { href: '/about/video-guide/', name: 'Video guide' },
  { href: '/about/cookie-policy/', name: 'Cookie policy' },
  { href: '/about/privacy/', name: 'Privacy' },
  { href: '/about/terms/', name: 'Terms' },
];

/** A markdown page of web/content/ in the shell, with breadcrumbs (Home > About us > page). */
export async function ContentPage({ name }: { name: ContentName }) {
  const content = await loadContent(name);
  const trail = name === 'about' ? [{ name: content.title }] : [{ name: 'About us', href: '/about/' }, { name: content.title }];
  return (
    <>
      <Breadcrumbs trail={trail} />
      <nav aria-label="About" className="about-nav">
        <ul>
          {ABOUT_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} prefetch={false}>
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article className="content-page prose" dangerouslySetInnerHTML={{ __html: content.html }} />
    </>
  );
}
