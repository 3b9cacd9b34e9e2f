/**
 * The live names `npm run bench:audit` reads: a 6-segment pattern with three lists (Region,
 * Channel, Product: 50-300 values each, some of several words, some holding the delimiter), and
 * 100,000 names made from it by the code engine, a known share of them broken in known ways. Both
 * halves of the bench (the parser alone, and the audit end to end) read the same names.
 */
import {
  type CodeInput,
  type CodePattern,
  compilePattern,
  createSessionCache,
  type NameParseReason,
  type NameParserOptions,
  seededRandomInt,
} from '../shared/src/patterns/index';

/** Names per run. */
export const AUDIT_NAMES = 100_000;

/** Region_Channel_Product_Number_Launch_Key, e.g. "EMEA_North_Paid Social_Summer Sale_0042_2026-11-21_X7K2QP". */
export const auditPattern: CodePattern = {
  delimiter: '_',
  segments: [
    { id: 1, name: 'Region', segment_precedence: 0, segment_type: 'variable', data_type: null },
    { id: 2, name: 'Channel', segment_precedence: 1, segment_type: 'variable', data_type: null },
    { id: 3, name: 'Product', segment_precedence: 2, segment_type: 'variable', data_type: null },
    {
      id: 4,
      name: 'Number',
      segment_precedence: 3,
      segment_type: 'autonumber',
      start_value: 1,
      min_width: 4,
    },
    {
      id: 5,
      name: 'Launch',
      segment_precedence: 4,
      segment_type: 'date',
      order: 'Y|M|D',
      months: '01-12',
      days: '01-31',
      years: '0000-9999',
      delimiter: '-',
      auto_populate: true,
    },
    {
      id: 6,
      name: 'Key',
      segment_precedence: 5,
      segment_type: 'random',
      max_length: 6,
      include_numeric: true,
      include_uppercase: true,
      include_lowercase: false,
      frequency: 'row',
    },
  ],
};

const COUNTRIES = [
  'US',
  'CA',
  'MX',
  'BR',
  'AR',
  'CL',
  'CO',
  'PE',
  'UK',
  'IE',
  'FR',
  'DE',
  'AT',
  'CH',
  'IT',
  'ES',
  'PT',
  'NL',
  'BE',
  'LU',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CZ',
  'HU',
  'RO',
  'GR',
  'TR',
  'IL',
  'AE',
  'SA',
  'ZA',
  'NG',
  'KE',
  'EG',
  'IN',
  'CN',
  'JP',
  'KR',
  'SG',
  'MY',
  'TH',
  'VN',
  'PH',
  'ID',
  'AU',
  'NZ',
];
const REGIONS = [
  'North America',
  'Latin America',
  'South America',
  'Western Europe',
  'Eastern Europe',
  'Middle East',
  'Sub-Saharan Africa',
  'South East Asia',
  'Greater China',
  'EMEA',
  'EMEA_North',
  'EMEA_South',
  'EMEA_Central',
  'APAC',
  'APAC_North',
  'APAC_South',
  'LATAM',
  'LATAM_North',
  'LATAM_South',
  'NA_East',
  'NA_West',
  'DACH',
  'Nordics',
  'Benelux',
  'ANZ',
  'Global',
];
const CHANNELS = [
  'Paid Social',
  'Paid Search',
  'Display',
  'Video',
  'Online Video',
  'Connected TV',
  'Audio',
  'Podcast',
  'Native',
  'Affiliate',
  'Email',
  'SMS',
  'Push',
  'Influencer',
  'Programmatic',
  'Display_Programmatic',
  'Video_Programmatic',
  'Search_Brand',
  'Search_Generic',
  'Search_Competitor',
  'Social_Prospecting',
  'Social_Retargeting',
  'Shopping',
  'Performance Max',
  'Demand Gen',
  'App Install',
  'App Engagement',
  'Lead Gen',
  'Out of Home',
  'Digital OOH',
  'Print',
  'Radio',
  'TV',
  'Sponsorship',
  'Partnership',
  'Retail Media',
  'Marketplace',
  'Organic Social',
  'SEO',
  'Content',
  'Webinar',
  'Events',
  'Direct Mail',
  'Referral',
  'Loyalty',
  'CRM',
  'Remarketing',
  'Lookalike',
  'Contextual',
  'Gaming',
];
const THEMES = [
  'Summer',
  'Winter',
  'Spring',
  'Autumn',
  'Holiday',
  'Back to School',
  'Black Friday',
  'Cyber Monday',
];
const OFFERS = [
  'Sale',
  'Launch',
  'Promo',
  'Brand',
  'Awareness',
  'Clearance',
  'Bundle',
  'Trial',
  'Webinar',
  'Demo',
];
const LINES = ['Shoes', 'Apparel', 'Outdoor', 'Kids', 'Home'];

/** The three lists by segment id: Region 75 values, Channel 50, Product 195 (some with '_'). */
export const auditLists: Readonly<Record<string, readonly string[]>> = {
  1: [...COUNTRIES, ...REGIONS],
  2: CHANNELS,
  3: THEMES.flatMap((theme) => OFFERS.map((offer) => `${theme} ${offer}`)).concat(
    THEMES.flatMap((theme) => LINES.map((line) => `${theme}_${line}`)),
    LINES.flatMap((line) => OFFERS.map((offer) => `${line} ${offer}`)),
    LINES.flatMap((line) => THEMES.slice(0, 4).map((theme) => `${line}_${theme}_Core`)),
    LINES.map((line) => `${line}_Core`),
  ),
};

/** The parser's options for the pattern: the lists and their names. */
export const auditParserOptions: NameParserOptions = {
  allowed: auditLists,
  listNames: { 1: 'Regions', 2: 'Channels', 3: 'Products' },
};

/** How a broken name was broken, and the reason the parser must give for it. */
export const BREAKAGES: readonly { readonly kind: string; readonly reason: NameParseReason }[] = [
  { kind: 'stray space in Region', reason: 'not_in_list' },
  { kind: 'Channel in lower case', reason: 'not_in_list' },
  { kind: 'unknown Product', reason: 'not_in_list' },
  { kind: 'impossible Launch day', reason: 'invalid_date' },
  { kind: 'letter in Number', reason: 'no_match' },
  { kind: 'Key cut off', reason: 'too_short' },
  { kind: 'text after Key', reason: 'trailing_text' },
];

/** One name in every BROKEN_EVERY is broken, the breakages taken in turn. */
export const BROKEN_EVERY = 10;

/** The inputs of `count` codes: values drawn from the lists, autonumbers counting up, one day. */
export function auditInputs(count: number, seed = 20261121): CodeInput[] {
  const pick = seededRandomInt(seed);
  const randomInt = seededRandomInt(seed + 1);
  const session = createSessionCache();
  const today = { year: 2026, month: 11, day: 21 };
  const inputs: CodeInput[] = [];
  for (let i = 0; i < count; i++) {
    const values: Record<string, string> = {};
    for (const [key, list] of Object.entries(auditLists)) values[key] = list[pick(list.length)]!;
    inputs.push({ values, today, autonumber: { 4: i + 1 }, randomInt, session });
  }
  return inputs;
}

function breakName(name: string, input: CodeInput, kind: string): string {
  const values = input.values as Record<string, string>;
  switch (kind) {
    case 'stray space in Region':
      return name.replace(`${values[1]}_`, `${values[1]} _`);
    case 'Channel in lower case':
      return name.replace(`_${values[2]}_`, `_${values[2]!.toLowerCase()}_`);
    case 'unknown Product':
      return name.replace(`_${values[3]}_`, '_Spring Clearout_');
    case 'impossible Launch day':
      return name.replace('2026-11-21', '2026-02-30');
    case 'letter in Number':
      return name.replace(/_(\d{4,})_2026/, (_, digits: string) => `_${digits.slice(0, -1)}O_2026`);
    case 'Key cut off':
      return name.slice(0, name.lastIndexOf('_'));
    default:
      return `${name}_copy`;
  }
}

/**
 * `count` live names: made by the engine from `auditInputs`, every BROKEN_EVERY-th broken by the
 * next of BREAKAGES. Answers the names and, per name, the reason expected (null for a good one).
 */
export function auditNames(count = AUDIT_NAMES): { names: string[]; expected: (NameParseReason | null)[] } {
  const generate = compilePattern(auditPattern);
  const inputs = auditInputs(count);
  const names: string[] = [];
  const expected: (NameParseReason | null)[] = [];
  inputs.forEach((input, i) => {
    const result = generate(input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    if (i % BROKEN_EVERY === BROKEN_EVERY - 1) {
      const breakage = BREAKAGES[Math.floor(i / BROKEN_EVERY) % BREAKAGES.length]!;
      names.push(breakName(result.code, input, breakage.kind));
      expected.push(breakage.reason);
    } else {
      names.push(result.code);
      expected.push(null);
    }
  });
  // Live names arrive in the platforms' JSON answers: read them as such (flat strings, not the
  // concatenations the engine built).
  return { names: JSON.parse(JSON.stringify(names)) as string[], expected };
}
