/**
 * What the stand-ins of asynchronous reports share (cm360.ts reports and files, dv360.ts Bid
 * Manager queries and reports, amazon-ads.ts Reporting v3): a report is made pending and stays so
 * for `pendingPolls` status reads before it is ready, as the platforms answer a report id at once
 * and the file later. A test makes the next report fail or never become ready.
 */

/** How the next report ends: ready after the pending polls, failed there, or never ready. */
export type ReportOutcome = 'ready' | 'failed' | 'stuck';

/** One report made: its id, what it holds once ready, how it ends and the status reads so far. */
export interface StandinReport<T> {
  id: string;
  data: T;
  outcome: ReportOutcome;
  polls: number;
}

/** A report's state at one read. */
export type ReportReading = 'pending' | 'ready' | 'failed';

/** The reports of one stand-in. */
export class AsyncReports<T> {
  private readonly byId = new Map<string, StandinReport<T>>();
  private readonly outcomes: ReportOutcome[] = [];
  private counter = 0;

  /** `pendingPolls`: how many status reads answer pending before the report is ready (or failed). */
  constructor(
    private readonly pendingPolls: number,
    private readonly firstId: number,
  ) {}

  /** The next report made ends with `outcome` (queued: one per call). */
  endNextWith(outcome: ReportOutcome): void {
    this.outcomes.push(outcome);
  }

  /** Makes a report holding `data`; its id is a number above the first one. */
  make(data: T): StandinReport<T> {
    this.counter += 1;
    const report: StandinReport<T> = {
      id: String(this.firstId + this.counter),
      data,
      outcome: this.outcomes.shift() ?? 'ready',
      polls: 0,
    };
    this.byId.set(report.id, report);
    return report;
  }

  /** The report of `id`, or undefined. */
  get(id: string): StandinReport<T> | undefined {
    return this.byId.get(id);
  }

  /** Removes a report; whether it existed. */
  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  /** Reads a report's state once (a poll): pending for the first `pendingPolls` reads. */
  poll(report: StandinReport<T>): ReportReading {
    report.polls += 1;
    return this.peek(report, report.polls);
  }

  /** A report's state without counting a read. */
  peek(report: StandinReport<T>, polls = report.polls): ReportReading {
    if (report.outcome === 'stuck' || polls <= this.pendingPolls) return 'pending';
    return report.outcome === 'failed' ? 'failed' : 'ready';
  }
}

/** A CSV line of `cells`, quoting those that need it (RFC 4180). */
export function csvLine(cells: readonly (string | number)[]): string {
  return cells
    .map((c) => {
      const text = String(c);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** Whether `text` is a date YYYY-MM-DD that exists. */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
