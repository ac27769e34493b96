import { getActiveCart } from '@/lib/commerce/cart';
import { cartCsv } from '@/lib/commerce/cart-csv';
import { shopScope } from '@/lib/commerce/scope';

/** The cart's lines as CSV, in the format quick order reads back (docs/decisions-left-open.md#weekly-ordering). */
export async function GET(): Promise<Response> {
  const result = await getActiveCart(await shopScope());
  if (!result.ok) return new Response(`${result.error.title}. ${result.error.description}\n`, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' } });
  const csv = cartCsv(
    result.data.entries.map((entry) => ({
      code: entry.product.code,
      quantity: entry.quantity,
      name: entry.product.name,
      brand: entry.product.brand,
      packSize: entry.product.packSize,
      unitPrice: entry.basePrice.formattedValue,
    })),
  );
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="cart-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
