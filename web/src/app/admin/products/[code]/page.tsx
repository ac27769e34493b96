import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminLoadFailed } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { productDetailSchema } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';

export const metadata: Metadata = { title: 'Product' };

/** A product and what each sold-to pays for it: its own price, or the list price. */
export default async function AdminProductPage({ params }: { params: Promise<{ code: string }> }) {
  await requireOperator(SERVICE_ROLES);
  const { code } = await params;
  const result = await adminCall(productDetailSchema, `/products/${encodeURIComponent(code)}`);
  if (!result.ok && (result.error.status === 404 || result.error.status === 400)) notFound();
  return (
    <div className="admin-page">
      <p>
        <Link href="/admin/products/">← All products</Link>
      </p>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <h1>
            {result.data.name} <small>{result.data.code}</small>
          </h1>
          <section className="admin-section" aria-label="Product">
            <dl className="admin-facts">
              <dt>Brand</dt>
              <dd>{result.data.brand}</dd>
              <dt>Category</dt>
              <dd>
                {result.data.category.name} ({result.data.range})
              </dd>
              <dt>Pack</dt>
              <dd>{result.data.packSize}</dd>
              <dt>List price</dt>
              <dd>{result.data.listPrice.formattedValue}</dd>
              <dt>Sold</dt>
              <dd>{result.data.active ? 'Yes' : 'No: not in search, carts refuse it, reorder reports it'}</dd>
            </dl>
          </section>
          <h2>Prices per sold-to</h2>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Sold-to</th>
                  <th scope="col" className="num">
                    Price per case
                  </th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {result.data.prices.map((row) => (
                  <tr key={row.soldTo.code}>
                    <td data-label="Sold-to">
                      {row.soldTo.name} ({row.soldTo.code})
                    </td>
                    <td data-label="Price" className="num">
                      {row.price.formattedValue}
                    </td>
                    <td data-label="From">{row.own ? 'Own price' : 'List price'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
