import { describe, expect, it } from 'vitest';
import type { LinkValidation } from '../templates/templates.contract';
import { analyseLinkPage, type LinkPage, reportSuitesOf } from './link-checks';

// Link checks of a landing page (issue 12 item 6; spec 03 §3 "Link validation"): each enabled
// option, passing and failing, and the page-reachable result first.

const URL = 'https://shop.example.com/spring';
const page = (html: string, status: number | null = 200, error?: string): LinkPage => ({
  status,
  finalUrl: URL,
  html,
  error: error ?? null,
});

function validation(
  slug: LinkValidation['slug'],
  options: Record<string, Record<string, string> | false>,
): LinkValidation {
  return {
    slug,
    uuid: `uuid-${slug}`,
    options: Object.fromEntries(
      Object.entries(options).map(([o, metadata]) => [
        o,
        { enabled: metadata !== false, metadata: metadata === false ? {} : metadata },
      ]),
    ),
  };
}

/** The result of `option` for `html` with `v`. */
function resultOf(html: string, v: LinkValidation, option: string, context = {}) {
  const results = analyseLinkPage(page(html), [v], context);
  return results.find((r) => r.option === option)!;
}

const ADOBE_PAGE = `<html><head>
<script src="https://assets.adobedtm.com/abc/launch-EN1234.min.js"></script>
<script>var s_account="acmeprod,acmeglobal"; var s=s_gi(s_account); s.eVar5="spring";</script>
</head></html>`;
const GA_PAGE = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ"></script>
<script>gtag('config', 'G-ABC123XYZ');</script>`;
const FB_PAGE = `<script>!function(f,b,e,v){}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');
fbq('init', '123456789012345'); fbq('track', 'PageView');</script>
<noscript><img src="https://www.facebook.com/tr?id=123456789012345&amp;ev=PageView&amp;noscript=1"/></noscript>`;
const PLAIN = '<html><body><h1>Spring</h1></body></html>';

describe('analyseLinkPage: the page reachable result', () => {
  const v = validation('adobe_analytics', { aa_pixel_exists: {} });
  it('passes on a 2xx answer and comes first', () => {
    expect(analyseLinkPage(page(ADOBE_PAGE), [v])[0]).toEqual({
      validation: 'page',
      option: 'page_reachable',
      ok: true,
      message: 'The page answered 200',
    });
  });
  it('warns with the status of a 404 and leaves every option not checked', () => {
    expect(analyseLinkPage(page(ADOBE_PAGE, 404), [v])).toEqual([
      { validation: 'page', option: 'page_reachable', ok: false, message: `The page answered 404 at ${URL}` },
      {
        validation: 'adobe_analytics',
        option: 'aa_pixel_exists',
        ok: false,
        message: 'Not checked: the page did not load',
      },
    ]);
  });
  it('warns with the network error when there was no answer', () => {
    expect(analyseLinkPage(page('', null, 'timed out after 10 s'), [v])[0]).toMatchObject({
      ok: false,
      message: 'The page could not be reached: timed out after 10 s',
    });
  });
  it('answers nothing when no option is enabled', () => {
    expect(analyseLinkPage(page(PLAIN), [validation('generic', { generic_pixel_exists: false })])).toEqual(
      [],
    );
  });
});

describe('Adobe Analytics options', () => {
  it.each([
    ['AppMeasurement', '<script src="/js/AppMeasurement.js"></script>'],
    ['s_code', '<script src="/js/s_code.js"></script>'],
    ['Adobe launch', '<script src="https://assets.adobedtm.com/x/launch-ENabc.min.js"></script>'],
    ['Web SDK', '<script>alloy("configure", {edgeConfigId: "x"})</script>'],
  ])('aa_pixel_exists passes with %s', (_, html) => {
    expect(resultOf(html, validation('adobe_analytics', { aa_pixel_exists: {} }), 'aa_pixel_exists').ok).toBe(
      true,
    );
  });
  it('aa_pixel_exists warns when no Adobe tag is on the page', () => {
    expect(
      resultOf(PLAIN, validation('adobe_analytics', { aa_pixel_exists: {} }), 'aa_pixel_exists'),
    ).toMatchObject({
      ok: false,
      message: 'No Adobe Analytics tag found on the page',
    });
  });
  it('aa_correct_report_suite passes on the expected id (explore and input modes)', () => {
    for (const mode of ['explore', 'input'])
      expect(
        resultOf(
          ADOBE_PAGE,
          validation('adobe_analytics', {
            aa_correct_report_suite: { report_suite_mode: mode, expected_report_suite_id: 'AcmeGlobal' },
          }),
          'aa_correct_report_suite',
        ),
      ).toMatchObject({ ok: true, message: 'The tag reports to the report suite AcmeGlobal' });
  });
  it('aa_correct_report_suite in target mode checks the target’s report suite', () => {
    const v = validation('adobe_analytics', {
      aa_correct_report_suite: { report_suite_mode: 'target', expected_target_id: '7' },
    });
    expect(
      resultOf(ADOBE_PAGE, v, 'aa_correct_report_suite', { targetReportSuites: { 7: 'acmeprod' } }).ok,
    ).toBe(true);
    expect(
      resultOf(ADOBE_PAGE, v, 'aa_correct_report_suite', { targetReportSuites: { 7: 'otherrs' } }),
    ).toMatchObject({
      ok: false,
      message: 'The tag reports to acmeprod, acmeglobal, not the expected report suite otherrs',
    });
  });
  it('aa_correct_report_suite warns when the page names no report suite', () => {
    expect(
      resultOf(
        '<script src="AppMeasurement.js"></script>',
        validation('adobe_analytics', {
          aa_correct_report_suite: { report_suite_mode: 'explore', expected_report_suite_id: 'acmeprod' },
        }),
        'aa_correct_report_suite',
      ),
    ).toMatchObject({ ok: false, message: 'No report suite found on the page; expected acmeprod' });
  });
  it('reads report suites from s.account, s_gi and report-suite settings', () => {
    expect(
      reportSuitesOf(
        `s.account = "one"; var s = s_gi('two,three'); _satellite.settings = {"reportSuites":["four"], rsid: 'five'}`,
      ),
    ).toEqual(['one', 'two', 'three', 'four', 'five']);
  });
  it('aa_correct_report passes when the page sets the report variable, else warns', () => {
    const v = (id: string) =>
      validation('adobe_analytics', { aa_correct_report: { expected_report_id: id } });
    expect(resultOf(ADOBE_PAGE, v('evar5'), 'aa_correct_report')).toMatchObject({
      ok: true,
      message: 'The page sets the report evar5',
    });
    expect(resultOf(ADOBE_PAGE, v('evar12'), 'aa_correct_report')).toMatchObject({
      ok: false,
      message: 'The page does not set the expected report evar12',
    });
    expect(resultOf('<script>s.campaign = x</script>', v('trackingcode'), 'aa_correct_report').ok).toBe(true);
  });
});

describe('Google Analytics options', () => {
  it.each([
    ['gtag.js', GA_PAGE],
    ['analytics.js', "<script src='https://www.google-analytics.com/analytics.js'></script>"],
    ['gtm.js', "j.src='https://www.googletagmanager.com/gtm.js?id='+i"],
  ])('ga_pixel_exists passes with %s', (_, html) => {
    expect(
      resultOf(html, validation('google_analytics', { ga_pixel_exists: {} }), 'ga_pixel_exists').ok,
    ).toBe(true);
  });
  it('ga_pixel_exists warns without a Google tag', () => {
    expect(
      resultOf(PLAIN, validation('google_analytics', { ga_pixel_exists: {} }), 'ga_pixel_exists'),
    ).toMatchObject({
      ok: false,
      message: 'No Google Analytics tag found on the page',
    });
  });
  it('ga_correct_property passes on the expected id in any case, and names other ids when absent', () => {
    const v = (id: string) =>
      validation('google_analytics', { ga_correct_property: { expected_property_id: id } });
    expect(resultOf(GA_PAGE, v('g-abc123xyz'), 'ga_correct_property').ok).toBe(true);
    expect(resultOf(GA_PAGE, v('G-ABC123'), 'ga_correct_property')).toMatchObject({
      ok: false,
      message: 'The page names G-ABC123XYZ, not the expected property G-ABC123',
    });
    expect(resultOf(PLAIN, v('UA-12345-1'), 'ga_correct_property')).toMatchObject({
      ok: false,
      message: 'No Google tag ID found on the page; expected UA-12345-1',
    });
  });
});

describe('Facebook pixel options', () => {
  it('fb_pixel_exists passes with fbevents.js and warns without it', () => {
    const v = validation('facebook_pixel', { fb_pixel_exists: {} });
    expect(resultOf(FB_PAGE, v, 'fb_pixel_exists').ok).toBe(true);
    expect(resultOf(PLAIN, v, 'fb_pixel_exists')).toMatchObject({
      ok: false,
      message: 'No Facebook pixel found on the page',
    });
  });
  it('fb_pixel_correct_id passes on the initialised id and names another one', () => {
    const v = (id: string) =>
      validation('facebook_pixel', { fb_pixel_correct_id: { expected_property_id: id } });
    expect(resultOf(FB_PAGE, v('123456789012345'), 'fb_pixel_correct_id').ok).toBe(true);
    expect(resultOf(FB_PAGE, v('999'), 'fb_pixel_correct_id')).toMatchObject({
      ok: false,
      message: 'The page initialises the pixel 123456789012345, not the expected 999',
    });
    expect(
      resultOf(
        '<img src="https://www.facebook.com/tr?ev=PageView&amp;id=42">',
        v('42'),
        'fb_pixel_correct_id',
      ).ok,
    ).toBe(true);
  });
});

describe('generic pixel option', () => {
  const v = (url: string) => validation('generic', { generic_pixel_exists: { expected_pixel_url: url } });
  it('passes when the page calls the pixel URL (scheme optional, &amp; read as &)', () => {
    const html = '<img src="//px.example.net/p.gif?a=1&amp;b=2">';
    expect(resultOf(html, v('https://px.example.net/p.gif?a=1&b=2'), 'generic_pixel_exists').ok).toBe(true);
  });
  it('warns when the pixel URL is not on the page', () => {
    expect(resultOf(PLAIN, v('https://px.example.net/p.gif'), 'generic_pixel_exists')).toMatchObject({
      ok: false,
      message: 'The page does not call the pixel https://px.example.net/p.gif',
    });
  });
});

describe('several validations', () => {
  it('answers one result per enabled option, in validation and option order, skipping disabled ones', () => {
    const results = analyseLinkPage(page(`${ADOBE_PAGE}${GA_PAGE}`), [
      validation('adobe_analytics', {
        aa_pixel_exists: {},
        aa_correct_report_suite: false,
        aa_correct_report: { expected_report_id: 'evar5' },
      }),
      validation('google_analytics', { ga_pixel_exists: {}, ga_correct_property: false }),
      validation('facebook_pixel', { fb_pixel_exists: {} }),
    ]);
    expect(results.map((r) => [r.option, r.ok])).toEqual([
      ['page_reachable', true],
      ['aa_pixel_exists', true],
      ['aa_correct_report', true],
      ['ga_pixel_exists', true],
      ['fb_pixel_exists', false],
    ]);
  });
  it('warns about an enabled option without its expected value', () => {
    expect(
      resultOf(PLAIN, validation('generic', { generic_pixel_exists: {} }), 'generic_pixel_exists'),
    ).toMatchObject({ ok: false, message: 'No expected pixel URL is configured for this check' });
  });
});
