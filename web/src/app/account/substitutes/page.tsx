import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { SiteSubstitutesForm } from '@/components/account/site-substitutes-form';
import { shopScope } from '@/lib/commerce/scope';
import { readSiteSubstitutes } from '@/lib/commerce/substitutes';
import pageStyles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: 'Substitutes' };

/**
 * Whether the active site lets the warehouse send a substitute when a product is short (docs/substitutions.md): the
 * default of "Allow a substitute" on new cart lines. Its company's admins change it; everyone else reads it.
 */
export default async function SubstitutesPage() {
  const scope = await shopScope();
  const result = await readSiteSubstitutes(scope.shipTo);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'My account', href: '/account/' }, { name: 'Substitutes' }]} />
      <h1 className={pageStyles.title}>Substitutes</h1>
      {result.ok ? (
        <>
          <p>
            When a product is short, we can send a close substitute instead, such as another pack size. You see it on the order and in its e-mail, and you
            check in what came. Each cart line has its own “Allow a substitute” box; this is what new lines for {result.data.shipTo.name} start with.
          </p>
          {result.data.canEdit ? (
            <SiteSubstitutesForm siteName={result.data.shipTo.name} allowed={result.data.allowSubstitutes} />
          ) : (
            <p>
              New cart lines for {result.data.shipTo.name} {result.data.allowSubstitutes ? 'allow' : 'do not allow'} a substitute. Your company admin can
              change this.
            </p>
          )}
        </>
      ) : (
        <LoadFailed error={result.error} />
      )}
    </div>
  );
}
