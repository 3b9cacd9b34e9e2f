/**
 * The Chromium features Playwright itself turns off (its `chromiumSwitches`, repeated here because
 * Chromium keeps only the last `--disable-features` switch, so ours must carry Playwright's list).
 * tests/chromium-launch.test.ts fails when the installed Playwright turns off a feature this list
 * lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Features of the browser's own (invisible) window that cost CPU in every context a test opens
 * and that no test uses: headless Chromium still loads the address bar's WebUI popups, one
 * renderer process per window, about a quarter of the browser's CPU in a run of the specs.
 */
const UNUSED_WINDOW_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * The launch options of every browser the end-to-end tests start: Debian's Chromium
 * (/usr/bin/chromium; CHROMIUM_PATH to change) with the switches this machine's closed network
 * needs (no background networking, component updates, sync or QUIC) and without the window
 * features above.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WINDOW_FEATURES].join(',')}`,
  ],
};
