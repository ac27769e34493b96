import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { Balances, InvoiceEntry } from '@/components/invoices/invoice-parts';
import { londonDate, STATEMENT_PROBLEMS, STATUS_CHOICES, statementProblemOf } from '@/components/invoices/invoice-text';
import { getCredit } from '@/lib/commerce/credit';
import { invoiceStatusSchema, isIsoDate, listInvoices, SOLD_TO_CODE, type InvoiceFilters, type SoldToBalance } from '@/lib/commerce/invoices';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/invoices/invoices.module.css';

export const metadata: Metadata = { title: 'Invoices' };

type SearchParams = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The filters the address asks for; a malformed value is dropped, dates the wrong way round are reported. */
function filtersOf(params: SearchParams): { filters: InvoiceFilters; reversed: boolean } {
  const soldTo = one(params.soldTo);
  const status = invoiceStatusSchema.safeParse(one(params.status));
  const from = one(params.from);
  const to = one(params.to);
  const filters: InvoiceFilters = {
    soldTo: soldTo && SOLD_TO_CODE.test(soldTo) ? soldTo : undefined,
    status: status.success ? status.data : undefined,
    from: isIsoDate(from) ? from : undefined,
    to: isIsoDate(to) ? to : undefined,
  };
  const reversed = Boolean(filters.from && filters.to && filters.from > filters.to);
  return { filters: reversed ? { ...filters, from: undefined, to: undefined } : filters, reversed };
}

/**
 * The customer's invoices and credit notes (docs/after-delivery.md "Invoices in the shop"): the balance of each
 * company they buy for, then the documents, overdue first, filtered by company, status and issue date; the
 * statement for a date range downloads as CSV through the storefront (app/account/invoices/statement/route.ts).
 */
export default async function InvoicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const { filters, reversed } = filtersOf(params);
  // The balances are of every company the user buys for, whichever one the list is filtered to.
  const [result, everyCompany, credit] = await Promise.all([listInvoices(filters), filters.soldTo ? listInvoices({}) : undefined, getCredit()]);
  const soldTos: SoldToBalance[] = everyCompany?.ok ? everyCompany.data.soldTos : result.ok ? result.data.soldTos : [];
  const filtered = Boolean(filters.soldTo || filters.status || filters.from || filters.to);
  const statementProblem = statementProblemOf(params.statement);
  const today = londonDate(new Date());
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Invoices' }]} />
      <h1 className={pageStyles.title}>Invoices</h1>
      {soldTos.length > 0 ? <Balances soldTos={soldTos} credits={credit.ok ? credit.data.soldTos : []} /> : null}
      <form className={styles.filters} method="get" action="/account/invoices/" role="search" aria-label="Filter invoices">
        {soldTos.length > 1 ? (
          <label>
            Company
            <select name="soldTo" defaultValue={filters.soldTo ?? ''}>
              <option value="">All companies</option>
              {soldTos.map((soldTo) => (
                <option key={soldTo.code} value={soldTo.code}>
                  {soldTo.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          Status
          <select name="status" defaultValue={filters.status ?? ''}>
            <option value="">All</option>
            {STATUS_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Issued from
          <input type="date" name="from" defaultValue={filters.from} max={today} />
        </label>
        <label>
          Issued to
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <div className={styles.filterActions}>
          <button type="submit" className="button button-secondary">
            Show
          </button>
          {filtered ? (
            <Link href="/account/invoices/" prefetch={false}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </form>
      {reversed ? (
        <p role="alert" className={styles.problem}>
          The &quot;Issued from&quot; date is after the &quot;Issued to&quot; date, so the dates were left out: choose them the other way round.
        </p>
      ) : null}
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.invoices.length === 0 ? (
        <p className={accountStyles.empty}>
          {filtered ? 'No invoices or credit notes match these filters.' : 'No invoices yet. Invoices for your delivered orders appear here once they are issued.'}
        </p>
      ) : (
        <ul className={styles.list} aria-label="Invoices and credit notes">
          {result.data.invoices.map((invoice) => (
            <li key={invoice.number}>
              <InvoiceEntry invoice={invoice} showSoldTo={soldTos.length > 1} />
            </li>
          ))}
        </ul>
      )}
      <section className={styles.section} aria-labelledby="statement-title">
        <h2 id="statement-title" className={pageStyles.sectionTitle}>
          Statement
        </h2>
        <p className={styles.muted}>
          Invoices, credit notes and payments between two dates with the running balance, as a CSV file for a spreadsheet.
        </p>
        {statementProblem ? (
          <p role="alert" className={styles.problem}>
            {STATEMENT_PROBLEMS[statementProblem]}
          </p>
        ) : null}
        <form className={styles.filters} method="get" action="/account/invoices/statement/" aria-label="Download a statement">
          {soldTos.length > 1 ? (
            <label>
              Company
              <select name="soldTo" defaultValue={filters.soldTo ?? soldTos[0]?.code}>
                {soldTos.map((soldTo) => (
                  <option key={soldTo.code} value={soldTo.code}>
                    {soldTo.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            From
            <input type="date" name="from" required defaultValue={londonDate(new Date(), 90)} max={today} />
          </label>
          <label>
            To
            <input type="date" name="to" required defaultValue={today} />
          </label>
          <div className={styles.filterActions}>
            <button type="submit" className="button button-primary">
              Download statement (CSV)
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
