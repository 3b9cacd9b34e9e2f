import { webcrypto } from 'node:crypto';
import {
  AppError,
  AUTONUMBER_MAX_VALUE,
  bufferedRandomInt,
  compilePattern,
  createSessionCache,
  type IssueCodes,
  idSchema,
  type Pattern,
  type PatternSaveParsed,
  type PatternSegment,
  paletteColorFor,
  type SegmentDelimiter,
  utcCalendarDate,
} from '@nomen/shared';
import type { FieldRow } from '@nomen/shared/db';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import * as fieldsRepo from '../fields/fields.repository';
import { assertAllFound, assertNotStale } from '../guards';
import * as repo from './patterns.repository';

// Unguessable random segments: crypto-strong bytes, drawn without modulo bias.
const randomInt = bufferedRandomInt((bytes) => webcrypto.getRandomValues(bytes));

function toSegment(row: FieldRow): PatternSegment {
  return {
    ...(row.settings as object),
    id: row.id,
    name: row.name,
    segment_precedence: row.precedence,
    segment_type: row.segment_type,
  } as PatternSegment;
}

function toPattern(row: FieldRow, segments: readonly FieldRow[]): Pattern {
  const settings = row.settings as {
    delimiter?: SegmentDelimiter;
    is_unlocked_pattern?: boolean;
    color?: string;
  };
  return {
    id: row.id,
    is_pattern: true,
    name: row.name,
    description: row.description,
    updated_at: row.updated_at.toISOString(),
    delimiter: settings.delimiter ?? '_',
    must_be_unique: row.must_be_unique,
    is_unlocked_pattern: settings.is_unlocked_pattern ?? false,
    color: (settings.color ?? paletteColorFor(row.id)) as Pattern['color'],
    segments: segments.filter((s) => s.segment_parent_field_id === row.id).map(toSegment),
  };
}

/** The attributes the activity log compares. */
function audited(p: Pattern) {
  return {
    name: p.name,
    description: p.description,
    delimiter: p.delimiter,
    must_be_unique: p.must_be_unique,
    is_unlocked_pattern: p.is_unlocked_pattern,
    segments: p.segments.map((s) => `${s.segment_type}:${s.name}`),
  };
}

function segmentValues(segment: PatternSaveParsed['segments'][number]): fieldsRepo.FieldValues {
  const {
    id: _id,
    name,
    segment_precedence,
    segment_type,
    ...settings
  } = segment as PatternSaveParsed['segments'][number] & {
    name?: string;
  };
  return {
    name: name ?? '',
    description: '',
    must_be_unique: false,
    precedence: segment_precedence,
    segment_type,
    settings,
  };
}

/** The account's patterns with their segments (spec 02 §2). */
export async function listPatterns(deps: AppDeps, actor: Actor): Promise<{ data: Pattern[] }> {
  const rows = await fieldsRepo.listPatterns(deps.db, actor.accountId);
  const segments = await fieldsRepo.segmentsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toPattern(r, segments)) };
}

/** One pattern; 404 when not in the account. */
export async function getPattern(deps: AppDeps, actor: Actor, id: number): Promise<{ pattern: Pattern }> {
  const [row] = await fieldsRepo.findPatterns(deps.db, actor.accountId, [id]);
  if (!row) throw AppError.notFound('Pattern');
  return { pattern: toPattern(row, await fieldsRepo.segmentsOf(deps.db, [id])) };
}

/**
 * 404 when a pattern save names (`id` of the raw body) a pattern that is not the account's, before
 * the rest of the body is checked, so another account's pattern answers 404 whatever the body
 * holds (ARCHITECTURE.md, Data). A missing or malformed id is left to the body's schema.
 */
export async function assertSavedPatternOfAccount(deps: AppDeps, actor: Actor, body: unknown): Promise<void> {
  const id = idSchema.safeParse((body as { id?: unknown } | null)?.id);
  if (!id.success) return;
  const [row] = await fieldsRepo.findPatterns(deps.db, actor.accountId, [id.data]);
  if (!row) throw AppError.notFound('Pattern');
}

/**
 * Creates (no id) or updates (id) a pattern with its segments and an activity entry, in one
 * transaction (spec 02 §2, §5, §7). Segments with TEMP_ ids are created, numeric ids must be
 * segments of this pattern (else 404), segments left out are deleted with their counters. The
 * require-uniqueness and unlocked-pattern options are kept as stored while their flags are off.
 * Errors: 404 unknown pattern or segment, 409 stale write.
 */
export async function savePattern(
  deps: AppDeps,
  actor: Actor,
  input: PatternSaveParsed,
): Promise<{ pattern: Pattern }> {
  return deps.db.transaction().execute(async (trx) => {
    let before: Pattern | null = null;
    let existingSegments: FieldRow[] = [];
    if (input.id) {
      const [row] = await fieldsRepo.findPatterns(trx, actor.accountId, [input.id], true);
      if (!row) throw AppError.notFound('Pattern');
      assertNotStale(row.updated_at, input.updated_at, 'pattern');
      existingSegments = await fieldsRepo.segmentsOf(trx, [row.id]);
      before = toPattern(row, existingSegments);
    }
    const mustBeUnique = actor.features.includes('require-uniqueness')
      ? input.must_be_unique
      : (before?.must_be_unique ?? false);
    const unlocked = actor.features.includes('unlocked-pattern')
      ? input.is_unlocked_pattern
      : (before?.is_unlocked_pattern ?? false);
    const values: fieldsRepo.FieldValues = {
      name: input.name,
      description: input.description,
      must_be_unique: mustBeUnique,
      precedence: 0,
      segment_type: null,
      settings: {
        delimiter: input.delimiter,
        is_unlocked_pattern: unlocked,
        color: input.color ?? before?.color ?? null,
      },
    };
    const row = before
      ? await fieldsRepo.updateField(trx, before.id, values)
      : await fieldsRepo.insertPattern(trx, actor.accountId, values);
    if (!values.settings.color)
      await fieldsRepo.setFieldSettings(trx, row.id, { ...values.settings, color: paletteColorFor(row.id) });

    const keptIds = input.segments.flatMap((s) => (typeof s.id === 'number' ? [s.id] : []));
    assertAllFound(
      keptIds,
      existingSegments.map((s) => s.id),
      'Segments',
    );
    await fieldsRepo.deleteFields(
      trx,
      existingSegments.map((s) => s.id).filter((id) => !keptIds.includes(id)),
    );
    for (const segment of input.segments) {
      if (typeof segment.id === 'number')
        await fieldsRepo.updateField(trx, segment.id, segmentValues(segment));
    }
    await fieldsRepo.insertSegments(
      trx,
      actor.accountId,
      row.id,
      input.segments.filter((s) => typeof s.id !== 'number').map(segmentValues),
    );

    const [saved] = await fieldsRepo.findPatterns(trx, actor.accountId, [row.id]);
    const pattern = toPattern(saved!, await fieldsRepo.segmentsOf(trx, [row.id]));
    await recordActivity(trx, actor, {
      configuredObject: 'pattern',
      objectName: pattern.name,
      objectId: pattern.id,
      before: before && audited(before),
      after: audited(pattern),
    });
    return { pattern };
  });
}

/**
 * Deletes patterns with their segments, all or nothing (spec 02 §2). 404 for unknown ids; 400
 * naming the template when a template uses the pattern.
 */
export async function deletePatterns(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const rows = await fieldsRepo.findPatterns(trx, actor.accountId, ids, true);
    assertAllFound(
      ids,
      rows.map((r) => r.id),
      'Patterns',
    );
    const [used] = await fieldsRepo.templatesUsingFields(trx, ids);
    if (used) {
      const name = rows.find((r) => r.id === used.field_id)?.name ?? 'This pattern';
      throw new AppError(
        'BAD_REQUEST',
        `${name} is used by the template "${used.template_name}" and cannot be deleted.`,
      );
    }
    const segments = await fieldsRepo.segmentsOf(trx, ids);
    await fieldsRepo.deleteFields(trx, ids);
    await recordActivity(
      trx,
      actor,
      ...rows.map((r) => ({
        configuredObject: 'pattern' as const,
        objectName: r.name,
        objectId: r.id,
        before: audited(toPattern(r, segments)),
        after: null,
      })),
    );
  });
  return { ok: true };
}

/** Most attempts to find a code not issued before, for a pattern that must be unique. */
const UNIQUE_ATTEMPTS = 10;

/**
 * Issues `count` codes of a pattern (issue 5): variable values and chosen dates from the request,
 * today's date (UTC) for auto-populated dates, autonumbers reserved atomically in PostgreSQL so
 * concurrent requests never share a number, crypto-strong random segments (per-session ones
 * shared by the codes of one request). For a pattern that must be unique, a code issued before
 * is redrawn (random per-row segments) up to 10 times. Errors: 404 unknown pattern; 400 naming
 * the segment when a value or date is missing or a unique code cannot be found.
 */
export async function issueCodes(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: IssueCodes & { count: number },
) {
  const { pattern } = await getPattern(deps, actor, id);
  const generate = compilePattern(pattern);
  const today = utcCalendarDate(new Date());
  const dates = Object.fromEntries(
    Object.entries(input.dates ?? {}).map(([segmentId, iso]) => {
      const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
      return [segmentId, { year, month, day }];
    }),
  );
  const base = { values: input.values ?? {}, dates, today, randomInt, session: createSessionCache() };
  // Check the input before reserving numbers, so a refused request burns none.
  const probe = generate({ ...base, autonumber: () => 0 });
  if (!probe.ok) {
    const [error] = probe.errors;
    throw AppError.badField(`body.values.${error!.segmentId}`, error!.message);
  }
  const autonumberSegments = pattern.segments.filter((s) => s.segment_type === 'autonumber');
  return deps.db.transaction().execute(async (trx) => {
    const firsts = new Map<string, number>();
    for (const segment of autonumberSegments) {
      const first = await repo.reserveAutonumbers(trx, Number(segment.id), segment.start_value, input.count);
      // Past 2^53 − 1 numbers lose precision; refusing rolls the reservation back, so the
      // pattern keeps working for a smaller count or after its start value is lowered.
      if (first + input.count - 1 > AUTONUMBER_MAX_VALUE) {
        throw new AppError(
          'CONFLICT',
          `The autonumber ${segment.name || segment.id} has run out of numbers (the largest is ${AUTONUMBER_MAX_VALUE}). Lower its start value.`,
        );
      }
      firsts.set(String(segment.id), first);
    }
    const codes: string[] = [];
    for (let i = 0; i < input.count; i++) {
      const autonumber = (segmentId: string | number) => firsts.get(String(segmentId))! + i;
      for (let attempt = 1; ; attempt++) {
        const result = generate({ ...base, autonumber });
        if (!result.ok) throw AppError.badField('body', result.errors[0]!.message);
        if (!pattern.must_be_unique || (await repo.claimCode(trx, pattern.id, result.code))) {
          codes.push(result.code);
          break;
        }
        if (attempt >= UNIQUE_ATTEMPTS) {
          throw new AppError(
            'CONFLICT',
            `Every candidate code was issued before (last tried ${result.code}). Change a value and try again.`,
          );
        }
      }
    }
    return { codes };
  });
}
