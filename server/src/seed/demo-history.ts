import type { RoomCommandInput, Template } from '@nomen/shared';
import { actorOfUser } from '../auth/auth.service';
import { cellsOfColumn } from '../entities/lists/lists.repository';
import { createSubmission, decideSubmission } from '../entities/submissions/submissions.service';
import { getTemplate } from '../entities/templates/templates.service';
import type { Actor, AppDeps } from '../http/context';
import { redateSubmission, type StoryTimes } from './demo-history.repository';

/** Name of the demo submission that waits for approval (on the paid-social template). */
export const DEMO_PENDING_SUBMISSION = 'Retargeting wave, Europe';
/** Name of the demo submission an approver rejected, and the comment they gave. */
export const DEMO_REJECTED_SUBMISSION = 'Creator partnerships, Americas';
/** The approver's comment on {@link DEMO_REJECTED_SUBMISSION}. */
export const DEMO_REJECTION_COMMENT =
  'Spell the campaign out as the naming guide says ("creator-partnerships", not "cp"), then resubmit.';

/** The demo people the history is made by, by role in the story. */
export interface HistoryPeople {
  /** Alex Morgan, super admin: submits display buys and approves paid social. */
  admin: number;
  /** Priya Shah, data lead: approves and rejects paid social. */
  approver: number;
  /** Jordan Lee and Sam Rivera, campaign managers: paid social and display, list suggestions. */
  commenter1: number;
  commenter2: number;
  /** Taylor Kim, coordinator: display buys. */
  user: number;
}

/** What the history is seeded on: the demo account, its people, templates and channels list. */
export interface HistoryInput {
  accountId: number;
  people: HistoryPeople;
  /** The paid-social template (it requires approval by the admin and the approver). */
  socialTemplateId: number;
  /** The display template (no approval). */
  displayTemplateId: number;
  /** The marketing channels list and its Channel and Source columns. */
  channels: { listId: number; channelColumnId: number; sourceColumnId: number };
  /** "Today" of the story (the history ends just before it). */
  now?: Date;
}

/** What the history seeded, for the start-up lines and the tests. */
export interface HistorySummary {
  submissions: number;
  codes: number;
  suggestions: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Submissions per month, oldest first: adoption grows, the current month is under way. */
const PER_MONTH = [2, 3, 4, 4, 5, 3];

/** A campaign theme per calendar month (January first): the campaign text and its title. */
const THEMES: readonly [string, string][] = [
  ['new-year-kickoff', 'New Year kickoff'],
  ['valentines', "Valentine's"],
  ['spring-refresh', 'Spring refresh'],
  ['easter-deals', 'Easter deals'],
  ['mothers-day', "Mother's Day"],
  ['summer-sale', 'Summer sale'],
  ['summer-sale', 'Summer sale'],
  ['back-to-school', 'Back to school'],
  ['autumn-launch', 'Autumn launch'],
  ['halloween', 'Halloween'],
  ['black-friday', 'Black Friday'],
  ['holiday-gifts', 'Holiday gifts'],
];

/** Markets of the seeded countries and currencies lists: region, country, currency. */
const MARKETS: readonly [string, string, string][] = [
  ['Europe', 'France', 'EUR - Euro'],
  ['Europe', 'Germany', 'EUR - Euro'],
  ['Europe', 'Spain', 'EUR - Euro'],
  ['Europe', 'Italy', 'EUR - Euro'],
  ['Europe', 'Netherlands', 'EUR - Euro'],
  ['Europe', 'United Kingdom', 'GBP - Pound Sterling'],
  ['Americas', 'United States', 'USD - US Dollar'],
  ['Americas', 'Canada', 'CAD - Canadian Dollar'],
  ['Americas', 'Brazil', 'BRL - Brazilian Real'],
  ['Americas', 'Mexico', 'MXN - Mexican Peso'],
  ['Asia', 'India', 'INR - Indian Rupee'],
  ['Asia', 'Singapore', 'SGD - Singapore Dollar'],
  ['Oceania', 'Australia', 'AUD - Australian Dollar'],
];

/** Channel > source pairs of the seeded marketing channels list. */
const SOCIAL_SOURCES = ['Facebook', 'Instagram', 'LinkedIn', 'Pinterest', 'Twitter'];
const DISPLAY_CHANNELS: readonly [string, string][] = [
  ['Paid', 'Google'],
  ['Paid', 'Google'],
  ['Social', 'Facebook'],
  ['Social', 'Instagram'],
  ['Organic Search', 'Bing'],
  ['Email', 'Gmail'],
];

/** A small deterministic generator (mulberry32), so every fresh demo tells the same story. */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

/** YYYY-MM-DD of a time (UTC), the demo templates' date format. */
function day(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** One row of a demo submission, by field name. */
type Row = Record<string, string>;

/** A submission of the story: when, through which template, by whom, and how it ended. */
export interface PlannedSubmission {
  at: Date;
  template: 'social' | 'display';
  submitter: keyof HistoryPeople;
  name: string;
  rows: Row[];
  outcome: 'submitted' | 'approved' | 'rejected' | 'pending';
  decidedAt: Date | null;
  decider?: keyof HistoryPeople;
  comment?: string;
}

/** The rows of a submission: `count` distinct markets, with channels, the campaign and the launch date. */
function rowsOf(
  random: ReturnType<typeof randomFrom>,
  template: 'social' | 'display',
  campaign: string,
  launch: Date,
  count: number,
): Row[] {
  const markets = [...MARKETS];
  for (let i = markets.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [markets[i], markets[j]] = [markets[j]!, markets[i]!];
  }
  return markets.slice(0, count).map(([region, country, currency]) => {
    const common = { Region: region, Country: country, Campaign: campaign, 'Launch date': day(launch) };
    if (template === 'social') {
      return {
        ...common,
        Channel: 'Social',
        Source: random.pick(SOCIAL_SOURCES),
        Link: `https://www.acme.com/campaigns/${campaign}`,
      };
    }
    const [channel, source] = random.pick(DISPLAY_CHANNELS);
    return { ...common, Channel: channel, Source: source, Currency: currency };
  });
}

/** Regions of rows, for a submission's name. */
function regionsOf(rows: readonly Row[]): string {
  return [...new Set(rows.map((r) => r.Region))].join(', ');
}

/**
 * The story (spec 01 §2.9 reports, spec 03 §4 approval): PER_MONTH submissions in each of the last
 * six calendar months (dates relative to `now`, between 09:00 and 17:00 UTC, the current month's
 * before `now`), through both templates by the people who may use them, the paid-social ones
 * approved by the approver or the admin a few hours later; one rejected with a comment three
 * weeks ago and one still waiting for approval since yesterday.
 */
export function planHistory(now: Date): PlannedSubmission[] {
  const random = randomFrom(20_260_601);
  const planned: PlannedSubmission[] = [];
  // The current month's submissions come before now, so its point of the chart is never empty
  // (but in the first minute of a month).
  const latest = now.getTime() - 60_000;
  PER_MONTH.forEach((count, i) => {
    const monthsAgo = PER_MONTH.length - 1 - i;
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1);
    const end = Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo + 1, 1), latest);
    for (let n = 0; n < count; n++) {
      if (end <= start) break;
      const dayStart =
        start + Math.floor(((end - start) / DAY) * ((n + random.int(1, 8) / 10) / count)) * DAY;
      const at = new Date(Math.min(dayStart + random.int(9, 16) * HOUR + random.int(0, 59) * 60_000, latest));
      planned.push(monthlySubmission(random, at, now));
    }
  });
  planned.push(rejectedSubmission(random, now), pendingSubmission(now));
  return planned.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * One of the month's submissions at `at`, drawn from `random`: paid social (approved a few hours
 * later, before `now`) or display (submitted), with the month's campaign theme.
 */
function monthlySubmission(random: ReturnType<typeof randomFrom>, at: Date, now: Date): PlannedSubmission {
  const [campaign, title] = THEMES[at.getUTCMonth()]!;
  const template = random.chance(0.45) ? 'social' : 'display';
  const rows = rowsOf(
    random,
    template,
    campaign,
    new Date(at.getTime() + random.int(7, 35) * DAY),
    template === 'social' ? random.int(2, 5) : random.int(2, 7),
  );
  if (template === 'social') {
    return {
      at,
      template,
      submitter: random.pick(['commenter1', 'commenter2'] as const),
      name: `${title} paid social, ${regionsOf(rows)}`,
      rows,
      outcome: 'approved',
      decidedAt: new Date(
        at.getTime() + Math.min(random.int(2, 20) * HOUR, (now.getTime() - at.getTime()) / 2),
      ),
      decider: random.pick(['approver', 'approver', 'admin'] as const),
    };
  }
  return {
    at,
    template,
    submitter: random.pick(['user', 'user', 'admin', 'commenter1', 'commenter2'] as const),
    name: `${title} display, ${regionsOf(rows)}`,
    rows,
    outcome: 'submitted',
    decidedAt: null,
  };
}

/** The paid social submission rejected with a comment about three weeks before `now`. */
function rejectedSubmission(random: ReturnType<typeof randomFrom>, now: Date): PlannedSubmission {
  const rejectedAt = new Date(now.getTime() - 21 * DAY + random.int(0, 6) * HOUR);
  return {
    at: rejectedAt,
    template: 'social',
    submitter: 'commenter2',
    name: DEMO_REJECTED_SUBMISSION,
    rows: [
      ['Americas', 'United States', 'Instagram'],
      ['Americas', 'Canada', 'Instagram'],
      ['Americas', 'Brazil', 'Facebook'],
    ].map(([region, country, source]) => ({
      Channel: 'Social',
      Region: region!,
      Campaign: 'cp',
      Source: source!,
      Country: country!,
      'Launch date': day(new Date(rejectedAt.getTime() + 14 * DAY)),
      Link: 'https://www.acme.com/creators',
    })),
    outcome: 'rejected',
    decidedAt: new Date(rejectedAt.getTime() + 5 * HOUR),
    decider: 'approver',
    comment: DEMO_REJECTION_COMMENT,
  };
}

/** The paid social submission waiting for approval since the day before `now`. */
function pendingSubmission(now: Date): PlannedSubmission {
  const pendingAt = new Date(now.getTime() - 26 * HOUR);
  return {
    at: pendingAt,
    template: 'social',
    submitter: 'commenter1',
    name: DEMO_PENDING_SUBMISSION,
    rows: [
      ['France', 'Facebook'],
      ['Germany', 'Instagram'],
      ['Spain', 'Instagram'],
      ['United Kingdom', 'LinkedIn'],
    ].map(([country, source]) => ({
      Channel: 'Social',
      Region: 'Europe',
      Campaign: 'retargeting-wave',
      Source: source!,
      Country: country!,
      'Launch date': day(new Date(pendingAt.getTime() + 10 * DAY)),
      Link: 'https://www.acme.com/campaigns/retargeting-wave',
    })),
    outcome: 'pending',
    decidedAt: null,
  };
}

/** A template's rows keyed by template field id, from rows keyed by field name (names are unique in the demo templates). */
function keyedRows(template: Template, rows: readonly Row[]): Record<string, string>[] {
  const idOf = (name: string) => {
    const tf = template.template_fields.find((f) => f.field.name === name && !f.field.is_pattern);
    if (!tf) throw new Error(`Demo history: no field "${name}" in ${template.name}`);
    return String(tf.id);
  };
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([name, value]) => [idOf(name), value])),
  );
}

/**
 * The list review's open suggestions (spec 02 §4): the campaign managers suggest renaming two
 * outdated sources of the marketing channels list, through the room's commands as their browsers
 * would send them (`deps.roomCommands`, collab's runner). Answers how many were made: none when no
 * runner is given (the server alone, e.g. `nomen seed` against PostgreSQL).
 */
async function seedSuggestions(
  deps: AppDeps,
  actors: Record<keyof HistoryPeople, Actor>,
  channels: HistoryInput['channels'],
): Promise<number> {
  if (!deps.roomCommands) return 0;
  const [channelCells, sourceCells] = await Promise.all([
    cellsOfColumn(deps.db, channels.channelColumnId),
    cellsOfColumn(deps.db, channels.sourceColumnId),
  ]);
  const cellOf = (channel: string, source: string) => {
    const cell = sourceCells.find(
      (c) =>
        c.value === source && channelCells.find((ch) => ch.row_number === c.row_number)?.value === channel,
    );
    if (!cell) throw new Error(`Demo history: no "${channel} > ${source}" in the marketing channels list`);
    return { listValueId: Number(cell.id), columnId: channels.sourceColumnId, rowNumber: cell.row_number };
  };
  const suggestions: [keyof HistoryPeople, RoomCommandInput][] = [
    [
      'commenter1',
      {
        id: 'demo-suggestion-x',
        type: 'suggestion.add',
        cell: cellOf('Social', 'Twitter'),
        prevValue: 'Twitter',
        value: 'X (Twitter)',
        body: 'Twitter is X since 2023, and our links now come from x.com.',
      },
    ],
    [
      'commenter2',
      {
        id: 'demo-suggestion-youtube',
        type: 'suggestion.add',
        cell: cellOf('Social', 'Google+'),
        prevValue: 'Google+',
        value: 'YouTube',
        body: 'Google+ closed in 2019; we buy YouTube instead.',
      },
    ],
  ];
  for (const [who, command] of suggestions) {
    const actor = actors[who];
    await deps.roomCommands(
      deps.db,
      { accountId: actor.accountId, accountUuid: actor.accountUuid, listId: channels.listId },
      { id: actor.userId, name: actor.userName, isApprover: false },
      [command],
    );
  }
  return suggestions.length;
}

/**
 * Seeds six months of the demo's history through the product's own services, so every derived
 * table (datasets, dataset values, search backlog, integration runs, activities, the lists page's
 * pending count) is filled as real use fills it: the planned submissions (planHistory) made by
 * `createSubmission` as their submitters and decided by `decideSubmission` as their approvers,
 * then moved to their story time (`redateSubmission`, since the services stamp now; their status
 * notices are not mailed, the story being past); the email output's runs are queued by each
 * commit and worked by the job queue once the history is in (mail as files in DATA_DIR/mail
 * without SMTP_URL); and the list suggestions (seedSuggestions). Takes a few seconds on the
 * embedded database. Throws when a service refuses a planned submission (a seed bug).
 */
export async function seedDemoHistory(deps: AppDeps, input: HistoryInput): Promise<HistorySummary> {
  const now = input.now ?? new Date();
  const actors = {} as Record<keyof HistoryPeople, Actor>;
  for (const [role, userId] of Object.entries(input.people) as [keyof HistoryPeople, number][]) {
    const actor = await actorOfUser(deps, input.accountId, userId);
    if (!actor) throw new Error(`Demo history: user ${userId} is not an enabled user of the account`);
    actors[role] = actor;
  }
  const templates = {
    social: await getTemplate(deps, actors.admin, input.socialTemplateId),
    display: await getTemplate(deps, actors.admin, input.displayTemplateId),
  };
  // The runs the commits queue are dispatched once, after the history, not one nudge per commit;
  // the notices of decisions made months ago in the story are not mailed at first start.
  const quiet: AppDeps = { ...deps, jobs: null, mailer: { send: async () => undefined } };
  const times: [number, StoryTimes][] = [];
  let codes = 0;
  for (const plan of planHistory(now)) {
    const template = templates[plan.template];
    const made = await createSubmission(
      quiet,
      actors[plan.submitter],
      { template_id: template.id!, name: plan.name, rows: keyedRows(template, plan.rows), draft: false },
      null,
    );
    if (plan.decider && (plan.outcome === 'approved' || plan.outcome === 'rejected')) {
      await decideSubmission(
        quiet,
        actors[plan.decider],
        made.id,
        plan.outcome === 'approved' ? 'approve' : 'reject',
        plan.comment ?? '',
      );
    }
    if (plan.outcome === 'approved' || plan.outcome === 'submitted') codes += plan.rows.length;
    times.push([made.id, { submitted: plan.at, decided: plan.decidedAt }]);
  }
  for (const [id, at] of times) await redateSubmission(deps.db, input.accountId, id, at);
  deps.jobs?.nudge();
  const suggestions = await seedSuggestions(deps, actors, input.channels);
  return { submissions: times.length, codes, suggestions };
}
