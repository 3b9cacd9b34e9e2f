/** Smallest QR code size, and the size of a new QR integration (spec 03 §9). */
export const QR_MIN_SIZE = 300;
/** QR code types (spec 03 §3); classic is the default (spec 03 §9). */
export const QR_CODE_TYPES = ['classic', 'transparent'] as const;
/** One QR code type. */
export type QrCodeType = (typeof QR_CODE_TYPES)[number];
/** QR code file types (spec 03 §3, §9). */
export const QR_FILE_TYPES = ['png', 'svg', 'pdf', 'eps'] as const;
/** One QR code file type. */
export type QrFileType = (typeof QR_FILE_TYPES)[number];
/** How long the editor waits after an edit of the JSON config before validating it, in ms (spec 03 §9). */
export const QR_CONFIG_VALIDATION_DELAY_MS = 250;

/** Keys a QR config JSON object may hold (spec 03 §3 "QR code generator metadata"). */
export const QR_CONFIG_ALLOWED_KEYS: readonly string[] = [
  'body',
  'eye',
  'eyeBall',
  'erf1',
  'erf2',
  'erf3',
  'brf1',
  'brf2',
  'brf3',
  'bodyColor',
  'bgColor',
  'eye1Color',
  'eye2Color',
  'eye3Color',
  'eyeBall1Color',
  'eyeBall2Color',
  'eyeBall3Color',
  'gradientColor1',
  'gradientColor2',
  'gradientType',
  'gradientOnEyes',
  'logo',
];

/** The metadata keys of the QR code generator (spec 03 §3), `qr_code_monkey_` plus the suffix. */
export const QR_METADATA_KEYS = {
  type: 'qr_code_monkey_type',
  useShortened: 'qr_code_monkey_use_shortened',
  dontRegenerate: 'qr_code_monkey_dont_regenerate',
  size: 'qr_code_monkey_size',
  fileType: 'qr_code_monkey_file_type',
  config: 'qr_code_monkey_config',
  background: 'qr_code_monkey_background',
  xOffset: 'qr_code_monkey_x_offset',
  yOffset: 'qr_code_monkey_y_offset',
  /** Ours: 0 after an edit of the config, 1 once it parsed with allowed keys only (spec 03 §4). */
  configValidated: 'qr_code_monkey_config_validated',
} as const;

/**
 * QR metadata that must not be empty, and how errors name each (spec 03 §5: every value except
 * use_shortened, config, background and the offsets).
 */
export const QR_REQUIRED_METADATA: readonly { key: string; item: string }[] = [
  { key: QR_METADATA_KEYS.type, item: 'type' },
  { key: QR_METADATA_KEYS.dontRegenerate, item: "don't regenerate" },
  { key: QR_METADATA_KEYS.size, item: 'size' },
  { key: QR_METADATA_KEYS.fileType, item: 'file type' },
];

/** What is wrong with a QR config text: not JSON (or not an object), or a key not allowed. */
export type QrConfigProblem = { kind: 'invalidJson' } | { kind: 'unknownKey'; key: string };

/**
 * The problems of a QR config JSON text (spec 03 §5 "QR code settings"): an empty text has none; a
 * text that does not parse, or parses to something other than an object, is `invalidJson`; each
 * top-level key not in {@link QR_CONFIG_ALLOWED_KEYS} is an `unknownKey`. Never throws.
 */
export function qrConfigProblems(configText: string): QrConfigProblem[] {
  if (configText.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(configText);
  } catch {
    return [{ kind: 'invalidJson' }];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return [{ kind: 'invalidJson' }];
  return Object.keys(parsed)
    .filter((key) => !QR_CONFIG_ALLOWED_KEYS.includes(key))
    .map((key) => ({ kind: 'unknownKey', key }));
}
