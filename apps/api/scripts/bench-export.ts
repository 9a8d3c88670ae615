// The book's export in `npm run bench` (issue 26 item 9): one owner downloads the bench agency's whole book as
// .xlsx while the server's resident memory is sampled; the row's goal is ≥ 20,000 rows a second with the
// server's RSS growing by at most 100 MB. The rows are the book's (clients, family members and plans), counted
// in the database before the servers start.

export interface BookRows {
  clients: number;
  members: number;
  plans: number;
}

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssBefore: number;
  rssPeak: number;
  status: number;
}

export const EXPORT_GOAL = { rowsPerSecond: 20_000, rssGrowth: 100 * 1024 * 1024 };

type Query = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** The book's rows of the agency with this slug, as the export reads them (live records only). */
export async function bookRows(query: Query, slug: string): Promise<BookRows> {
  const [row] = await query(
    `with a as (select id from agencies where slug = $1),
       c as (select id from primary_clients where agency_id = (select id from a) and deleted_at is null)
     select (select count(*) from c)::int as clients,
       (select count(*) from secondary_clients where agency_id = (select id from a) and deleted_at is null
          and primary_client_id in (select id from c))::int as members,
       ((select count(*) from insurance_policies where agency_id = (select id from a) and deleted_at is null
          and primary_client_id in (select id from c))
        + (select count(*) from investment_accounts where agency_id = (select id from a) and deleted_at is null
          and primary_client_id in (select id from c)))::int as plans`,
    [slug],
  );
  return { clients: Number(row!.clients), members: Number(row!.members), plans: Number(row!.plans) };
}

/** Downloads the book as `token`'s caller, reading the stream as a browser would, and samples `rss` meanwhile. */
export async function exportRun(
  base: string,
  token: string,
  rows: BookRows,
  rss: () => Promise<number>,
): Promise<ExportFigures> {
  const rssBefore = await rss();
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await rss());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${base}/api/exports/book.xlsx`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  rssPeak = Math.max(rssPeak, await rss());
  const total = rows.clients + rows.members + rows.plans;
  return {
    rows: total,
    bytes,
    seconds,
    rowsPerSecond: Math.round(total / seconds),
    rssBefore,
    rssPeak,
    status: res.status,
  };
}

export const exportPasses = (f: ExportFigures) =>
  f.status === 200 &&
  f.rowsPerSecond >= EXPORT_GOAL.rowsPerSecond &&
  f.rssPeak - f.rssBefore <= EXPORT_GOAL.rssGrowth;

export function describeExport(f: ExportFigures): string {
  const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
  return `book export (.xlsx): ${f.rows.toLocaleString('en-IN')} rows, ${mib(f.bytes)} in ${f.seconds.toFixed(1)} s = ${f.rowsPerSecond.toLocaleString('en-IN')} rows/s; server RSS ${mib(f.rssBefore)} before, peak ${mib(f.rssPeak)} (+${mib(f.rssPeak - f.rssBefore)}); status ${f.status}`;
}
