// The reports in `npm run bench` (issue 29): the premium register of the bench agency for this financial year,
// its first page (goal p95 ≤ 50 ms) and its .xlsx streamed while the server's memory is sampled (goal ≥ 20,000
// rows/s with flat memory: the same RSS bound as the book's export, +100 MB at most).

export const REGISTER_GOAL = { firstPageP95: 50, rowsPerSecond: 20_000, rssGrowth: 100 * 1024 * 1024 };

type Query = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Premiums paid in this financial year for a tenth of the bench agency's policies (the generated set records none):
 * each a payment of the instalment before the policy's next due date, on that day. Written once; a later run finds
 * them.
 */
export async function ensureBenchPayments(query: Query, slug: string, fyStart: string): Promise<number> {
  const [agency] = await query('select id from agencies where slug = $1', [slug]);
  const agencyId = String(agency!.id);
  const [have] = await query('select count(*)::int as n from premium_payments where agency_id = $1', [
    agencyId,
  ]);
  if (Number(have!.n) > 0) return Number(have!.n);
  await query(
    `insert into premium_payments (agency_id, plan_type, plan_id, primary_client_id, due_date, last_due_date,
       instalments, paid_on, amount, receipt_number)
     select p.agency_id, 'insurance', p.id, p.primary_client_id, d.day, d.day, 1, d.day,
       coalesce(p.premium_amount, 0), 'BENCH-' || left(p.id::text, 8)
     from insurance_policies p
     cross join lateral (select greatest($2::date, least(current_date, p.next_due_date - 30)) as day) d
     where p.agency_id = $1 and p.deleted_at is null and p.next_due_date is not null
       and abs(hashtext(p.id::text)) % 10 = 0`,
    [agencyId, fyStart],
  );
  await query('analyze premium_payments');
  const [now] = await query('select count(*)::int as n from premium_payments where agency_id = $1', [
    agencyId,
  ]);
  return Number(now!.n);
}

export interface RegisterDownload {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssBefore: number;
  rssPeak: number;
  status: number;
}

/** Downloads the register's .xlsx as a browser would read it, sampling the server's RSS every 200 ms. */
export async function registerDownloadRun(
  base: string,
  token: string,
  query: string,
  rss: () => Promise<number>,
): Promise<RegisterDownload> {
  const headers = { authorization: `Bearer ${token}` };
  const totals = (await (
    await fetch(`${base}/api/reports/premium-register/totals?${query}`, { headers })
  ).json()) as {
    count: number;
  };
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
  let bytes = 0;
  let status = 0;
  try {
    const res = await fetch(`${base}/api/reports/download?report=premium_register&format=xlsx&${query}`, {
      headers,
    });
    status = res.status;
    if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  } catch (err) {
    // A download cut short (the server closed it) fails the row rather than leaving the bench's servers running.
    process.stdout.write(`[bench] the register's download was cut short: ${(err as Error).message}\n`);
    status = 0;
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  rssPeak = Math.max(rssPeak, await rss());
  return {
    rows: totals.count,
    bytes,
    seconds,
    rowsPerSecond: Math.round(totals.count / seconds),
    rssBefore,
    rssPeak,
    status,
  };
}

export const registerDownloadPasses = (f: RegisterDownload) =>
  f.status === 200 &&
  f.rowsPerSecond >= REGISTER_GOAL.rowsPerSecond &&
  f.rssPeak - f.rssBefore <= REGISTER_GOAL.rssGrowth;

export function describeRegisterDownload(f: RegisterDownload): string {
  const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
  return `premium register (.xlsx, this FY): ${f.rows.toLocaleString('en-IN')} rows, ${mib(f.bytes)} in ${f.seconds.toFixed(1)} s = ${f.rowsPerSecond.toLocaleString('en-IN')} rows/s; server RSS ${mib(f.rssBefore)} before, peak ${mib(f.rssPeak)} (+${mib(f.rssPeak - f.rssBefore)}); status ${f.status}`;
}
