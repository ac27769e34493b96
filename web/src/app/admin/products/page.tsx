import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminActionForm } from '@/components/admin/admin-action-form';
import { AdminLoadFailed, AdminPager, pageParam, param } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { productListSchema } from '@/lib/admin/admin-schemas';
import { canEditCatalogue, SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { requireOperator } from '@/lib/admin/admin-session';
import { setProductActive } from './actions';

export const metadata: Metadata = { title: 'Products' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/** Products sold or not, found by code or words; admins start and stop selling them here. */
export default async function AdminProductsPage({ searchParams }: { searchParams: Params }) {
  const operator = await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const filters = { q: param(params.q), range: param(params.range), active: param(params.active) };
  const page = pageParam(params.page);
  const result = await adminCall(productListSchema, '/products', { query: { ...filters, page } });
  const editable = canEditCatalogue(operator.role);
  return (
    <div className="admin-page">
      <h1>Products</h1>
      <form className="admin-filters" method="get" role="search" aria-label="Find products">
        <label>
          Code or words
          <input name="q" defaultValue={filters.q} maxLength={100} />
        </label>
        <label>
          Range
          <select name="range" defaultValue={filters.range ?? ''}>
            <option value="">Both</option>
            <option value="CHIL">Chilled (CHIL)</option>
            <option value="DAIR">Dairy (DAIR)</option>
          </select>
        </label>
        <label>
          Sold
          <select name="active" defaultValue={filters.active ?? ''}>
            <option value="">Sold or not</option>
            <option value="true">Sold</option>
            <option value="false">Not sold</option>
          </select>
        </label>
        <button type="submit" className="button button-primary">
          Find
        </button>
        <Link href="/admin/products/">Clear</Link>
      </form>
      {!editable ? <p>Your role can look at products and prices; only an administrator changes them.</p> : null}
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : result.data.products.length === 0 ? (
        <p>No products match.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col" className="num">
                  List price
                </th>
                <th scope="col">Sold</th>
                {editable ? <th scope="col">Change</th> : null}
              </tr>
            </thead>
            <tbody>
              {result.data.products.map((product) => (
                <tr key={product.code} data-testid={`product-${product.code}`}>
                  <td data-label="Code">
                    <Link href={`/admin/products/${encodeURIComponent(product.code)}/`}>{product.code}</Link>
                  </td>
                  <td data-label="Product">
                    {product.name}, {product.brand}, {product.packSize}
                  </td>
                  <td data-label="Category">
                    {product.category.name} ({product.range})
                  </td>
                  <td data-label="List price" className="num">
                    {product.listPrice.formattedValue}
                  </td>
                  <td data-label="Sold">{product.active ? <span className="admin-status-ok">Yes</span> : <span className="admin-status-bad">No</span>}</td>
                  {editable ? (
                    <td data-label="Change">
                      <AdminActionForm
                        action={setProductActive}
                        fields={{ code: product.code, active: String(!product.active) }}
                        label={product.active ? 'Deactivate' : 'Activate'}
                        accessibleLabel={`${product.active ? 'Deactivate' : 'Activate'} ${product.code}`}
                        pendingLabel="Saving…"
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.ok ? <AdminPager basePath="/admin/products/" params={filters} page={page} hasMore={result.data.hasMore} /> : null}
    </div>
  );
}
