import { describe, expect, it } from 'vitest';
import { csvRecords, pollReport, ReportError, waitText } from './async-report';

describe('pollReport', () => {
  it('polls with a doubling pause until done and answers the last poll', async () => {
    const states = ['QUEUED', 'RUNNING', 'RUNNING', 'DONE'];
    const times: number[] = [];
    const answer = await pollReport(
      'dv360',
      '7',
      { maxWaitMs: 5_000, firstPollMs: 20 },
      async () => {
        times.push(Date.now());
        return states.shift()!;
      },
      (s) => (s === 'DONE' ? { done: true } : { done: false, status: s }),
    );
    expect(answer).toBe('DONE');
    const pauses = times.slice(1).map((t, i) => t - times[i]!);
    // 20, 40, 80 ms (timers may fire a little late, never early).
    expect(pauses.map((p, i) => p >= 20 * 2 ** i - 2)).toEqual([true, true, true]);
  });

  it('a failed state is a FAILED ReportError with the platform, the report and its reason', async () => {
    const error = await pollReport(
      'amazon-ads',
      'r-1',
      { maxWaitMs: 1_000, firstPollMs: 1 },
      async () => 'FAILED',
      (s) => ({ done: false, failed: 'no data', status: s }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReportError);
    expect(error).toMatchObject({
      reason: 'FAILED',
      reportId: 'r-1',
      message: 'Amazon Ads report r-1 failed (FAILED): no data',
    });
  });

  it('a report not done within the wait is a TIMEOUT ReportError', async () => {
    const error = await pollReport(
      'cm360',
      '9',
      { maxWaitMs: 50, firstPollMs: 10 },
      async () => 'PROCESSING',
      (s) => ({ done: false, status: s }),
      'report 9 (file 91)',
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: 'TIMEOUT',
      message:
        'Campaign Manager 360 report 9 (file 91) was not ready after 50 ms (still PROCESSING): sync again later',
    });
  });
});

describe('waitText', () => {
  it.each([
    [600_000, '10 minutes'],
    [60_000, '1 minute'],
    [45_000, '45 seconds'],
    [1_500, '1500 ms'],
  ])('%s ms reads %s', (ms, text) => {
    expect(waitText(ms)).toBe(text);
  });
});

describe('csvRecords', () => {
  it('reads the rows after a marker row, by the header names, leaving out shorter footer rows', () => {
    const text = [
      'Campaign Manager 360 Report',
      'Date Range,2026-03-01 - 2026-03-30',
      'Report Fields',
      'Campaign ID,Impressions,Media Cost',
      '9001,120000,"1,310.55"',
      'Grand Total:,120000,1310.55',
      'note',
    ].join('\n');
    expect(csvRecords(text, 'Report Fields')).toEqual([
      { 'Campaign ID': '9001', Impressions: '120000', 'Media Cost': '1,310.55' },
      { 'Campaign ID': 'Grand Total:', Impressions: '120000', 'Media Cost': '1310.55' },
    ]);
    expect(csvRecords('\uFEFFa,b\n1,2\n')).toEqual([{ a: '1', b: '2' }]);
  });
});
