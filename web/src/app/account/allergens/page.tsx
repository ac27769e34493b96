import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { AllergenProfileForm } from '@/components/food/allergen-profile-form';
import { AllergenProfileView } from '@/components/food/allergen-profile-view';
import { shopScope } from '@/lib/commerce/scope';
import { readAllergenProfile } from '@/lib/food/allergen-profile';
import pageStyles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: 'Allergen profile' };

/**
 * The allergens the active site avoids (docs/food-information.md): its company's admins change them here, everyone
 * who orders for the site reads them. The shop warns beside every product holding one, and asks before adding it.
 */
export default async function AllergenProfilePage() {
  const scope = await shopScope();
  const result = await readAllergenProfile(scope.shipTo);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'My account', href: '/account/' }, { name: 'Allergen profile' }]} />
      <h1 className={pageStyles.title}>Allergen profile</h1>
      {result.ok ? (
        <>
          <p>
            Products that contain, or may contain, an allergen {result.data.shipTo.name} avoids are marked in the shop. Adding one to the cart asks you to
            confirm first, and checkout lists them before you place the order. Each of your sites has its own list.
          </p>
          {result.data.canEdit ? <AllergenProfileForm profile={result.data} /> : <AllergenProfileView profile={result.data} />}
        </>
      ) : (
        <LoadFailed error={result.error} />
      )}
    </div>
  );
}
