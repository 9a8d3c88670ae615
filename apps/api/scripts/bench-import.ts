// The import in `npm run bench` (issue 26 item 9): an agent's own list, a Plans sheet alone of 10,000 rows and 3,000
// households, imported over HTTP into an agency of its own as the screen does it (upload, wait for the dry run,
// commit, wait for the end), the server's resident memory sampled meanwhile. Goals: the dry run finished within
// 15 s of the upload, the commit within 60 s, the server's RSS at most 150 MB above what it was before the upload.
// `BENCH_ONLY=import npm run bench` runs this row alone.
//
// Where the agency lives: in a database of its own beside the bench's (`<name>_import` on PostgreSQL,
// bench/.data/pglite-import on the embedded engine), dropped and made anew on every run with one owner and their
// empty agency, served by an app of its own in bench-servers.ts. The bench's own set is generated once and reused
// (bench_meta), and every other row's figures are of it as generated: 3,000 clients and 10,000 plans more in it
// would change the workspace's lists, kept totals and the export's rows from run to run, and deleting them again
// would leave dead rows for the next run's paths to read through. A fresh agency is also what the goal names (its
// dry run matches nothing); the cost this leaves out is the bench set's larger indexes, which an insert descends
// (tenant indexes start with agency_id, so their depth grows by a level at most). A fresh database is the worst
// case of the planner's statistics: its tables have none until autovacuum analyzes them (PGlite never does), as
// on a new installation, whose first agency's first import this is.
//
// The dry run's time runs from the upload's start (reading the file is part of what the agent waits for) to the
// job's `checked`; the status is asked every 100 ms, and the slowest answer says how long the server's event loop
// was held meanwhile. The peak is the kernel's high-water mark of the servers' process (VmHWM, reset to the RSS
// before the upload), read from /proc where Linux has it, else the largest RSS sampled every 100 ms.
//
// The sheet is made here with exceljs as an agent keeps it: their own headers ("Client Name", "Mobile", "Insurer",
// "Policy No", "DOC", "Maturity Date"…), the client's name and phone repeated on every row of the household, Held By
// naming the spouse, a child or a parent (blank, or the client's own name, for the client), dates typed DD/MM/YYYY
// as text, amounts as numbers or typed with ₹ and lakh grouping, phones in the forms agents type them, and every
// service with its own fields. The names and numbers come from a fixed seed, so every run imports the same file.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type ImportCounts, ImportJobResponseSchema, type ImportStatus, XLSX_MIME } from '@portal/contract';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { insertOwnerWithAgency, type Query } from './bench-data.ts';

export const IMPORT_GOAL = { dryRunSeconds: 15, commitSeconds: 60, rssGrowth: 150 * 1024 * 1024 };
export const IMPORT_SIZE = { rows: 10_000, households: 3_000 };

// ---------- the agent's list ----------

/** A small deterministic generator (mulberry32), so the file is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const weighted = <T>(list: ReadonlyArray<readonly [T, number]>): T => {
    let r = next() * list.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of list) {
      r -= w;
      if (r < 0) return v;
    }
    return list.at(-1)![0];
  };
  return { next, int, pick, weighted };
}

const MEN = (
  'Aarav Abhishek Aditya Ajay Akash Amit Anand Anil Arjun Arun Ashok Deepak Dinesh Ganesh Gaurav ' +
  'Harish Hemant Jayesh Karan Kiran Krishna Mahesh Manoj Mohan Mukesh Naveen Nikhil Pankaj Prakash ' +
  'Pranav Rahul Rajesh Rakesh Ramesh Ravi Rohit Sachin Sanjay Santosh Satish Siddharth Sunil Suresh ' +
  'Tushar Varun Venkatesh Vijay Vikram Vinod Vivek Yogesh Balaji Gopal Murali Srinivas Harpreet'
).split(' ');
const WOMEN = (
  'Aarti Aishwarya Anita Anjali Asha Bhavna Deepa Divya Geeta Jyoti Kavita Kavya Lakshmi Madhuri ' +
  'Manisha Meena Meera Neha Nisha Pooja Priya Radha Rashmi Rekha Ritu Sangeeta Seema Shalini Shilpa ' +
  'Shreya Sneha Sonal Sunita Swati Usha Vandana Vidya Padma Revathi Gurpreet Farah Ananya Ishita ' +
  'Diya'
).split(' ');
const SURNAMES = (
  'Sharma Verma Gupta Agarwal Jain Mehta Shah Patel Desai Joshi Kulkarni Deshpande Patil Pawar Naik ' +
  'Iyer Iyengar Nair Menon Pillai Reddy Rao Naidu Chowdary Krishnan Subramanian Banerjee Chatterjee ' +
  'Mukherjee Das Bose Ghosh Sen Singh Chauhan Yadav Mishra Pandey Tiwari Dubey Srivastava Saxena ' +
  'Kapoor Malhotra Khanna Bhatia Arora Sethi Gill Sandhu Thakur Bhat Kamath Shetty Hegde Fernandes ' +
  "D'Souza Khan Qureshi Ansari"
).split(' ');

type Service = 'life' | 'health' | 'motor' | 'travel' | 'home' | 'mutual_funds' | 'nps' | 'postoffice';
/** The mix of an agent's book: mostly life, health and motor, some investments. */
const SERVICE_MIX: ReadonlyArray<readonly [Service, number]> = [
  ['life', 34],
  ['health', 20],
  ['motor', 15],
  ['travel', 3],
  ['home', 4],
  ['mutual_funds', 15],
  ['nps', 3],
  ['postoffice', 6],
];
/** The Service column as agents type it: the book's label, a short name, or the code. */
const SERVICE_CELLS: Record<Service, readonly string[]> = {
  life: ['Life Insurance', 'Life', 'LIFE'],
  health: ['Health Insurance', 'Health', 'health'],
  motor: ['Motor Insurance', 'Motor'],
  travel: ['Travel Insurance', 'Travel'],
  home: ['Home Insurance', 'Home'],
  mutual_funds: ['Mutual Funds', 'mutual funds'],
  nps: ['NPS'],
  postoffice: ['Post Office', 'postoffice'],
};
const INSURERS: Record<Service, readonly string[]> = {
  life: ['LIC of India', 'HDFC Life', 'SBI Life', 'ICICI Prudential Life', 'Max Life', 'Tata AIA Life'],
  health: ['Star Health', 'Niva Bupa', 'Care Health', 'HDFC ERGO', 'Aditya Birla Health'],
  motor: ['ICICI Lombard', 'Bajaj Allianz General', 'New India Assurance', 'Tata AIG', 'Digit'],
  travel: ['Tata AIG', 'Bajaj Allianz General', 'Reliance General'],
  home: ['HDFC ERGO', 'ICICI Lombard', 'SBI General'],
  mutual_funds: [
    'HDFC Mutual Fund',
    'SBI Mutual Fund',
    'ICICI Prudential MF',
    'Axis Mutual Fund',
    'Nippon India MF',
  ],
  nps: ['SBI Pension Funds', 'HDFC Pension', 'LIC Pension Fund'],
  postoffice: ['India Post'],
};
const LIFE_PLANS = [
  'Jeevan Anand',
  'Jeevan Labh',
  'Jeevan Umang',
  'Click 2 Protect',
  'Smart Platina',
  'Tech Term',
];
const HEALTH_PLANS = [
  'Family Health Optima',
  'Comprehensive',
  'ReAssure 2.0',
  'Care Supreme',
  'Optima Secure',
];
const CARS = [
  ['Maruti Suzuki', 'Swift VXi'],
  ['Maruti Suzuki', 'Baleno Zeta'],
  ['Hyundai', 'Creta SX'],
  ['Tata', 'Nexon XZ+'],
  ['Mahindra', 'XUV700 AX7'],
  ['Honda', 'City ZX'],
  ['Honda', 'Activa 6G'],
  ['Hero', 'Splendor Plus'],
] as const;
const FUNDS = [
  'Flexi Cap Fund Direct Growth',
  'Bluechip Fund Regular Growth',
  'Balanced Advantage Fund',
  'Small Cap Fund Direct Growth',
  'ELSS Tax Saver Growth',
] as const;
const PO_SCHEMES = [
  ['PPF', 15, '7.1'],
  ['NSC', 5, '7.7'],
  ['KVP', 10, '7.5'],
  ['SCSS', 5, '8.2'],
  ['MIS', 5, '7.4'],
  ['RD', 5, '6.7'],
] as const;
const DESTINATIONS = ['Singapore', 'Dubai', 'Thailand', 'USA', 'United Kingdom', 'Europe (Schengen)'];

/** The list's headers, in an agent's words; each one the import maps to the book's field by itself. */
export const AGENT_HEADERS = [
  'Sr No',
  'Client Name',
  'Mobile',
  'Email',
  'PAN',
  'DOB',
  'Held By',
  'Relationship',
  'Service',
  'Insurer',
  'Policy No',
  'Plan Name',
  'Premium',
  'Sum Assured',
  'Premium Mode',
  'Term',
  'PPT',
  'DOC',
  'Maturity Date',
  'Cover Type',
  'Vehicle No',
  'Make',
  'Model',
  'Policy Type',
  'IDV',
  'NCB',
  'Insurance Company',
  'Trip Type',
  'Destination',
  'Trip Duration',
  'Building Sum Insured',
  'Contents Sum Insured',
  'Fund',
  'Scheme',
  'Folio No',
  'Investment Mode',
  'SIP Amount',
  'SIP Date',
  'Lump Sum Amount',
  'PRAN',
  'Scheme Name',
  'Post Office Account Number',
  'ROI',
  'Nominee',
  'Nominee Relation',
] as const;
type Header = (typeof AGENT_HEADERS)[number];
type Cells = Partial<Record<Header, string | number>>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A date as agents type it: DD/MM/YYYY. */
const typed = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const plusYears = (d: Date, years: number) =>
  new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate() - 1));
const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
/** Rupees with Indian grouping: 1234567 → 12,34,567. */
const lakhs = (n: number) => {
  const s = String(Math.round(n));
  if (s.length <= 3) return s;
  const head = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${s.slice(-3)}`;
};

interface Person {
  first: string;
  last: string;
  relationship: string | null;
}

export interface AgentList {
  bytes: Buffer;
  rows: number;
  households: number;
  /** Family members named by Held By (each a member of its household's client). */
  members: number;
  /** Rows of each service. */
  services: Record<Service, number>;
}

/**
 * The agent's list: `households` families with `rows` plans over them (1 to 6 each), every plan a row of one
 * sheet named as agents name it.
 */
export async function agentListXlsx(
  rows = IMPORT_SIZE.rows,
  households = IMPORT_SIZE.households,
): Promise<AgentList> {
  if (rows < households || rows > households * 6) throw new Error('1 to 6 rows a household');
  const r = random(26_009);
  // 1 to 6 rows a household: each starts with one, the rest are dealt to households with room.
  const sizes = new Array<number>(households).fill(1);
  for (let left = rows - households; left > 0; ) {
    const h = r.int(0, households - 1);
    if (sizes[h]! < 6) {
      sizes[h]! += 1;
      left -= 1;
    }
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('My Clients');
  sheet.addRow([...AGENT_HEADERS]);
  const usedPhones = new Set<string>();
  const usedPans = new Set<string>();
  const services = Object.fromEntries(SERVICE_MIX.map(([s]) => [s, 0])) as Record<Service, number>;
  let members = 0;
  let serial = 0;
  for (let h = 0; h < households; h += 1) {
    const man = r.next() < 0.7;
    const surname = r.pick(SURNAMES);
    const client: Person = { first: r.pick(man ? MEN : WOMEN), last: surname, relationship: null };
    const clientName = `${client.first} ${client.last}`;
    let digits: string;
    do digits = `${r.pick(['9', '8', '7', '6'])}${String(r.int(0, 999_999_999)).padStart(9, '0')}`;
    while (usedPhones.has(digits));
    usedPhones.add(digits);
    const phone = r.weighted([
      [`${digits.slice(0, 5)} ${digits.slice(5)}`, 4],
      [`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, 3],
      [digits, 4],
      [`0${digits}`, 1],
      [`+91-${digits}`, 1],
    ]);
    const born = new Date(Date.UTC(r.int(1950, 1995), r.int(0, 11), r.int(1, 28)));
    const email =
      r.next() < 0.45
        ? `${client.first}.${client.last}${r.int(1, 99)}@${r.pick(['gmail.com', 'yahoo.co.in', 'rediffmail.com', 'outlook.com'])}`
            .toLowerCase()
            .replace(/'/g, '')
        : '';
    let pan = '';
    if (r.next() < 0.6) {
      do {
        const letters = Array.from({ length: 3 }, () => String.fromCharCode(65 + r.int(0, 25))).join('');
        pan = `${letters}P${surname[0]!.toUpperCase()}${pad(r.int(0, 9999), 4)}${String.fromCharCode(65 + r.int(0, 25))}`;
      } while (usedPans.has(pan));
      usedPans.add(pan);
    }
    // The family the plans are held by: a spouse, children, a parent; each named in Held By.
    const family: Person[] = [];
    const spouse: Person = {
      first: r.pick(man ? WOMEN : MEN),
      last: r.next() < 0.9 ? surname : r.pick(SURNAMES),
      relationship: r.weighted([
        ['Spouse', 6],
        [man ? 'Wife' : 'Husband', 1],
      ]),
    };
    // Each with a name of their own in the family (a son named after his grandfather would be one person here).
    const taken = new Set([clientName]);
    const join = (p: Person) => {
      const name = `${p.first} ${p.last}`;
      if (taken.has(name)) return;
      taken.add(name);
      family.push(p);
    };
    if (r.next() < 0.8) join(spouse);
    for (let c = r.int(0, 2); c > 0; c -= 1) {
      const son = r.next() < 0.5;
      join({ first: r.pick(son ? MEN : WOMEN), last: surname, relationship: son ? 'Son' : 'Daughter' });
    }
    if (r.next() < 0.15) join({ first: r.pick(MEN), last: surname, relationship: 'Father' });
    const named = new Set<string>();
    for (let p = 0; p < sizes[h]!; p += 1) {
      const holder: Person = family.length > 0 && r.next() < 0.45 ? r.pick(family) : client;
      const service = r.weighted(SERVICE_MIX);
      services[service] += 1;
      serial += 1;
      const start = new Date(Date.UTC(r.int(2008, 2025), r.int(0, 11), r.int(1, 28)));
      const insurer = r.pick(INSURERS[service]);
      const cells: Cells = {
        'Sr No': serial,
        'Client Name': clientName,
        Mobile: phone,
        Email: email,
        PAN: pan,
        DOB: r.next() < 0.7 ? typed(born) : '',
        Service: r.pick(SERVICE_CELLS[service]),
        Insurer: insurer,
        DOC: typed(start),
      };
      if (holder !== client) {
        const name = `${holder.first} ${holder.last}`;
        cells['Held By'] = name;
        cells.Relationship = holder.relationship!;
        if (!named.has(name)) {
          named.add(name);
          members += 1;
        }
      } else if (r.next() < 0.3) {
        // Some agents write the client's own name in Held By.
        cells['Held By'] = clientName;
        cells.Relationship = 'Self';
      }
      Object.assign(cells, planCells(r, service, { start, n: serial, holder, insurer }));
      sheet.addRow(AGENT_HEADERS.map((header) => cells[header] ?? null));
    }
  }
  return {
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
    rows,
    households,
    members,
    services,
  };
}

/** A plan's own cells: its number, money, end and the service's fields. */
function planCells(
  r: ReturnType<typeof random>,
  service: Service,
  { start, n, holder, insurer }: { start: Date; n: number; holder: Person; insurer: string },
): Cells {
  const money = (lo: number, hi: number, step: number) => r.int(lo / step, hi / step) * step;
  /** An amount as agents keep it: mostly a number cell, sometimes typed with ₹ and lakh grouping. */
  const amount = (value: number) =>
    r.weighted<string | number>([
      [value, 6],
      [`₹${lakhs(value)}`, 2],
      [`Rs. ${lakhs(value)}/-`, 1],
      [lakhs(value), 2],
    ]);
  const nominee = (): Cells =>
    r.next() < 0.6
      ? {
          Nominee: `${r.pick(WOMEN)} ${holder.last}`,
          'Nominee Relation': r.pick(['Spouse', 'Daughter', 'Mother', 'Son']),
        }
      : {};
  switch (service) {
    case 'life': {
      const term = r.pick([10, 15, 20, 21, 25, 30]);
      return {
        'Policy No': String(900_000_000 + n),
        'Plan Name': r.pick(LIFE_PLANS),
        Premium: amount(money(6_000, 1_20_000, 50)),
        'Sum Assured': amount(money(2_00_000, 1_00_00_000, 50_000)),
        'Premium Mode': r.pick(['Yearly', 'Annual', 'Half-yearly', 'Quarterly', 'Monthly', 'Yly', 'Mly']),
        Term: term,
        PPT: Math.min(term, r.pick([5, 10, 12, 15, 16, 20])),
        'Maturity Date': typed(plusYears(start, term)),
        ...nominee(),
      };
    }
    case 'health':
      return {
        'Policy No': `P/1610${pad(r.int(0, 99))}/01/${start.getUTCFullYear()}/${pad(n, 6)}`,
        'Plan Name': r.pick(HEALTH_PLANS),
        Premium: amount(money(8_000, 60_000, 10)),
        'Sum Assured': amount(r.pick([3_00_000, 5_00_000, 10_00_000, 25_00_000])),
        'Cover Type': r.pick(['Individual', 'Family Floater', 'Senior Citizen', 'Top-up']),
        Term: 1,
        'Maturity Date': typed(plusYears(start, 1)),
      };
    case 'motor': {
      const [make, model] = r.pick(CARS);
      return {
        'Policy No': `3001/MT/${pad(n, 8)}/00/000`,
        Premium: amount(money(1_500, 35_000, 10)),
        'Vehicle No': `MH${pad(r.int(1, 50))}${String.fromCharCode(65 + r.int(0, 25), 65 + r.int(0, 25))}${pad(r.int(1, 9999), 4)}`,
        Make: make,
        Model: model,
        'Policy Type': r.pick(['Comprehensive', 'Third Party', 'Own Damage']),
        IDV: amount(money(40_000, 15_00_000, 1_000)),
        NCB: r.pick(['0', '20', '25', '35%', '45', '50']),
        Term: 1,
        'Maturity Date': typed(plusYears(start, 1)),
      };
    }
    case 'travel': {
      const days = r.int(5, 60);
      const insurer = r.pick(['Tata AIG General Insurance', 'Bajaj Allianz General Insurance']);
      return {
        'Policy No': `TRV-${start.getUTCFullYear()}-${pad(n, 6)}`,
        Premium: amount(money(800, 12_000, 10)),
        'Insurance Company': insurer,
        'Trip Type': r.pick(['Single trip', 'Multi-trip (annual)', 'Student travel']),
        Destination: r.pick(DESTINATIONS),
        'Trip Duration': days,
        Term: 1,
        'Maturity Date': typed(plusDays(start, days)),
      };
    }
    case 'home': {
      const years = r.pick([1, 3, 5]);
      return {
        'Policy No': `HM-${start.getUTCFullYear()}-${pad(n, 6)}`,
        Premium: amount(money(2_000, 15_000, 10)),
        'Insurance Company': r.pick(['HDFC ERGO General Insurance', 'ICICI Lombard General Insurance']),
        'Building Sum Insured': amount(money(20_00_000, 1_50_00_000, 1_00_000)),
        'Contents Sum Insured': amount(money(2_00_000, 20_00_000, 50_000)),
        Term: years,
        'Maturity Date': typed(plusYears(start, years)),
      };
    }
    case 'mutual_funds': {
      const folio = `${r.int(1_000_000, 9_999_999)}/${pad(n % 100)}`;
      const sip = r.next() < 0.7;
      const value = sip ? money(500, 25_000, 500) : money(10_000, 5_00_000, 1_000);
      return {
        'Policy No': `${folio}-${n}`,
        Premium: amount(value),
        Fund: insurer,
        Scheme: `${insurer.split(' ')[0]} ${r.pick(FUNDS)}`,
        'Folio No': folio,
        'Investment Mode': sip ? r.pick(['SIP', 'sip']) : r.pick(['Lump Sum', 'lump_sum']),
        ...(sip
          ? { 'SIP Amount': amount(value), 'SIP Date': r.int(1, 28) }
          : { 'Lump Sum Amount': amount(value) }),
        'Maturity Date': typed(plusYears(start, r.pick([5, 10, 15]))),
        ...nominee(),
      };
    }
    case 'nps': {
      const pran = `1100${pad(n, 8)}`;
      return {
        'Policy No': pran,
        Premium: amount(money(6_000, 2_00_000, 1_000)),
        PRAN: pran,
        'Maturity Date': typed(plusYears(start, r.int(10, 30))),
        ...nominee(),
      };
    }
    case 'postoffice': {
      const [scheme, years, rate] = r.pick(PO_SCHEMES);
      const account = `${pad(n, 10)}`;
      return {
        'Policy No': `${scheme}-${account}`,
        Premium: amount(money(1_000, 15_00_000, 500)),
        'Scheme Name': scheme,
        'Post Office Account Number': account,
        Term: years,
        ROI: rate,
        'Maturity Date': typed(plusYears(start, years)),
      };
    }
  }
}

// ---------- the agency ----------

/** The import's owner, signed in at the bare address as the bench's owner is. */
export const IMPORT_OWNER = {
  slug: 'bench-import',
  name: 'Bench Import Agency',
  email: 'bench-import@bench.in',
};

/** Where the import's agency lives: `<name>_import` beside the bench's database, or a PGlite directory beside its. */
export function importDatabase(url: string | undefined, dataDir: string): { url?: string; dir?: string } {
  return url ? { url: url.replace(/\/([^/?]+)(\?|$)/, '/$1_import$2') } : { dir: `${dataDir}/pglite-import` };
}

/** Drops the import's database (or directory) and makes it anew, empty: every run imports into a fresh agency. */
export async function resetImportDatabase(where: { url?: string; dir?: string }): Promise<void> {
  if (!where.url) {
    rmSync(where.dir!, { recursive: true, force: true });
    return;
  }
  const u = new URL(where.url);
  const name = u.pathname.slice(1).replaceAll('"', '');
  if (!name.endsWith('_import')) throw new Error(`refusing to drop ${name}: not an import database`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/** The owner and their agency, in a database just migrated. */
export async function insertImportOwner(query: Query, passwordHash: string): Promise<void> {
  await insertOwnerWithAgency(query, { ...IMPORT_OWNER, passwordHash });
}

// ---------- the run ----------

/** The server's resident memory: asked of the process (an IPC message), and where Linux tells, read from /proc. */
export interface ServerMemory {
  /** The server's own answer (process.memoryUsage().rss), which waits for its event loop. */
  rss(): Promise<number>;
  /** The server's process id, for /proc/<pid>/status (read by this process, whatever the server is busy with). */
  pid: number | undefined;
}

function procStatus(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    const rss = kib('VmRSS') * 1024;
    const peak = kib('VmHWM') * 1024;
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rss, peak } : undefined;
  } catch {
    return undefined;
  }
}

/** Sets the kernel's high-water mark of the process's RSS to its RSS now (Linux 4.0+); false where it cannot. */
function resetPeak(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface ImportFigures {
  rows: number;
  households: number;
  bytes: number;
  /** The upload's answer: the file read, its cells sealed, the job stored. */
  uploadSeconds: number;
  /** From the upload's start until the job is `checked`. */
  dryRunSeconds: number;
  /** From the commit's call until the job is `done`. */
  commitSeconds: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  /** Whether the peak is the kernel's high-water mark (exact), or only the largest of the samples. */
  peakFrom: 'kernel' | 'samples';
  /** The slowest answer to a status call meanwhile: how long the server's event loop was held. */
  slowestPollMs: number;
  /** Status calls answered 503 (the server shed them) meanwhile. */
  shed: number;
  checked: ImportCounts | null;
  done: ImportCounts | null;
  status: ImportStatus | 'upload refused';
  failure: string | null;
}

function multipartFile(bytes: Buffer, filename: string): { body: Buffer; type: string } {
  const boundary = `----bench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${XLSX_MIME}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Imports `list` as `token`'s caller the way the screen does: the upload, the job polled every 100 ms until its
 * dry run is `checked`, the commit, the job polled until it ends; the server's RSS sampled every 100 ms meanwhile.
 */
export async function importRun(
  base: string,
  token: string,
  list: AgentList,
  memory: ServerMemory,
): Promise<ImportFigures> {
  const auth = { authorization: `Bearer ${token}` };
  let slowestPollMs = 0;
  let shed = 0;
  const rssBefore = procStatus(memory.pid)?.rss ?? (await memory.rss());
  const kernel = resetPeak(memory.pid);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, procStatus(memory.pid)?.rss ?? (await memory.rss()));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const poll = async (id: string, until: ImportStatus[]) => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const asked = performance.now();
      const res = await fetch(`${base}/api/imports/${id}`, { headers: auth });
      slowestPollMs = Math.max(slowestPollMs, performance.now() - asked);
      if (res.status === 503) {
        shed += 1;
        await res.arrayBuffer();
        continue;
      }
      if (res.status !== 200)
        throw new Error(`GET /api/imports/${id} answered ${res.status}: ${await res.text()}`);
      const job = ImportJobResponseSchema.parse(await res.json()).data;
      if (until.includes(job.status) || ['failed', 'cancelled'].includes(job.status)) return job;
    }
  };

  const run = async (): Promise<Partial<ImportFigures>> => {
    const started = performance.now();
    const upload = multipartFile(list.bytes, 'My Clients.xlsx');
    const res = await fetch(`${base}/api/imports`, {
      method: 'POST',
      headers: { ...auth, 'content-type': upload.type },
      body: new Uint8Array(upload.body),
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    if (res.status !== 201) {
      return { uploadSeconds, failure: `upload answered ${res.status}: ${await res.text()}` };
    }
    const { id } = ImportJobResponseSchema.parse(await res.json()).data;
    const checked = await poll(id, ['checked']);
    const dryRunSeconds = (performance.now() - started) / 1000;
    if (checked.status !== 'checked') {
      return { uploadSeconds, dryRunSeconds, status: checked.status, failure: checked.failure };
    }
    const committing = performance.now();
    const commit = await fetch(`${base}/api/imports/${id}/commit`, { method: 'POST', headers: auth });
    if (commit.status !== 202) {
      return {
        uploadSeconds,
        dryRunSeconds,
        checked: checked.counts,
        status: checked.status,
        failure: `commit answered ${commit.status}: ${await commit.text()}`,
      };
    }
    await commit.arrayBuffer();
    const done = await poll(id, ['done']);
    const commitSeconds = (performance.now() - committing) / 1000;
    return {
      uploadSeconds,
      dryRunSeconds,
      commitSeconds,
      checked: checked.counts,
      done: done.counts,
      status: done.status,
      failure: done.failure,
    };
  };
  const outcome = await run().catch((err: unknown) => ({ failure: String(err) }) as Partial<ImportFigures>);
  sampling = false;
  await sampler;
  const end = procStatus(memory.pid);
  const rssAfter = end?.rss ?? (await memory.rss());
  rssPeak = Math.max(rssPeak, rssAfter, kernel && end ? end.peak : 0);
  return {
    rows: list.rows,
    households: list.households,
    bytes: list.bytes.length,
    uploadSeconds: Number.NaN,
    dryRunSeconds: Number.NaN,
    commitSeconds: Number.NaN,
    checked: null,
    done: null,
    status: 'upload refused',
    failure: null,
    ...outcome,
    rssBefore,
    rssPeak,
    rssAfter,
    peakFrom: kernel ? 'kernel' : 'samples',
    slowestPollMs,
    shed,
  };
}

/** The dry run: every row checked as new and without errors, within its goal. */
export const dryRunPasses = (f: ImportFigures) =>
  f.checked?.errors === 0 &&
  f.checked.new_clients === f.households &&
  f.checked.new_plans === f.rows &&
  f.dryRunSeconds <= IMPORT_GOAL.dryRunSeconds;

/** The commit: done within its goal, and the server's memory within its goal over the dry run and the commit. */
export const commitPasses = (f: ImportFigures) =>
  f.status === 'done' &&
  f.commitSeconds <= IMPORT_GOAL.commitSeconds &&
  f.rssPeak - f.rssBefore <= IMPORT_GOAL.rssGrowth;

export const importPasses = (f: ImportFigures) => dryRunPasses(f) && commitPasses(f);

export function describeImport(f: ImportFigures, list: AgentList): string {
  const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
  const counts = (c: ImportCounts | null) =>
    c
      ? `${c.new_clients} clients, ${c.new_members} family members, ${c.new_plans} plans, ${c.new_providers} providers, ${c.errors} errors, ${c.duplicates} duplicates`
      : 'none';
  return [
    `import of an agent's list (.xlsx, ${mib(f.bytes)}): ${f.rows.toLocaleString('en-IN')} rows, ${f.households.toLocaleString('en-IN')} households, ${list.members.toLocaleString('en-IN')} family members named in Held By; ${Object.entries(
      list.services,
    )
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')}`,
    `  upload answered in ${f.uploadSeconds.toFixed(1)} s, dry run checked ${f.dryRunSeconds.toFixed(1)} s after the upload began (${counts(f.checked)})`,
    `  commit ${f.status} in ${f.commitSeconds.toFixed(1)} s = ${Math.round(f.rows / f.commitSeconds).toLocaleString('en-IN')} rows/s (${counts(f.done)})${f.failure ? `; ${f.failure}` : ''}`,
    `  server RSS ${mib(f.rssBefore)} before, peak ${mib(f.rssPeak)} (+${mib(f.rssPeak - f.rssBefore)}, ${f.peakFrom === 'kernel' ? "the kernel's high-water mark" : 'sampled every 100 ms'}), ${mib(f.rssAfter)} after; the slowest status call ${f.slowestPollMs.toFixed(0)} ms, ${f.shed} shed`,
  ].join('\n');
}
