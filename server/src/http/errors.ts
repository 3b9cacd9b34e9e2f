import { randomUUID } from 'node:crypto';
import { AppError, type ErrorBody } from '@nomen/shared';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';

/** Turns zod issues into the API's `issues` list, prefixing each path with the request part. */
export function zodIssues(error: ZodError, part: string): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: [part, ...i.path.map(String)].join('.'), message: i.message }));
}

/** Gives each request an id (X-Request-Id) that 500 answers carry, so logs can be matched. */
export const requestId: RequestHandler = (_req, res, next) => {
  const id = randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/** 404 for API paths no route serves. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No API route ${req.method} ${req.path}`));
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** A database error as `pg` and PGlite raise it: a five-character SQLSTATE and a severity. */
interface DatabaseError extends Error {
  code: string;
  severity?: string;
  detail?: string;
}

function isDatabaseError(err: unknown): err is DatabaseError {
  const e = err as Partial<DatabaseError> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(e.code) &&
    typeof e.severity === 'string'
  );
}

/**
 * The answer to a database error caused by the request's input (issue 8 item 12; ARCHITECTURE.md:
 * no input answers 500), or null for a server fault. A row referencing one that does not exist
 * answers 404, one still referenced or a duplicate 409, any other refused value (out of range,
 * invalid text or byte sequence, U+0000, check or not-null) 400. Messages name no table,
 * constraint or value.
 */
export function databaseErrorBody(err: unknown): { status: number; body: ErrorBody } | null {
  if (!isDatabaseError(err)) return null;
  const bad = (message: string) => ({ status: 400, body: { message, code: 'BAD_REQUEST' } });
  switch (err.code) {
    case '23503':
      return /still referenced/i.test(`${err.detail ?? ''} ${err.message}`)
        ? {
            status: 409,
            body: { message: 'It is still used elsewhere and cannot be removed', code: 'CONFLICT' },
          }
        : { status: 404, body: { message: 'A referenced item was not found', code: 'NOT_FOUND' } };
    case '23505':
      return { status: 409, body: { message: 'That conflicts with an existing item', code: 'CONFLICT' } };
    case '23502':
      return bad('A required value is missing');
    case '23514':
    case '23P01':
      return bad('A value is not allowed');
    case '22003':
      return bad('A number is out of range');
    case '22001':
      return bad('A text is too long');
    case '22021':
    case '22P05':
      return bad('Text may not contain U+0000 or unpaired surrogate characters');
    case '54000':
      return { status: 413, body: { message: 'A value is too large', code: 'PAYLOAD_TOO_LARGE' } };
  }
  // Any other data exception (class 22: invalid text representation, datetime, regular
  // expression…) is a value the client sent.
  if (err.code.startsWith('22')) return bad('A value is not valid');
  return null;
}

/**
 * The one error handler (ARCHITECTURE.md, HTTP API): AppError → its status and message; zod →
 * 400 with issues; malformed JSON → 400; oversized body → 413; a database error caused by
 * input → 4xx (`databaseErrorBody`); anything else → 500 with the request id and no internals
 * (the error is logged). A streamed answer already under way is cut off instead; an answer whose
 * reader has left is neither sent nor logged.
 */
export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  // The reader left midway (e.g. the editor closed during a list read): nobody to answer, and
  // not a fault of the server.
  if (res.destroyed) return;
  const body = toErrorBody(err, String(res.locals.requestId ?? ''));
  // A streamed answer that fails midway cannot change its status: it is cut off, so a reader
  // sees a broken response and never a short one that looks whole.
  if (res.headersSent) res.destroy();
  else res.status(body.status).json(body.body);
};

function toErrorBody(err: unknown, requestId: string): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: { message: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) },
    };
  }
  if (err instanceof ZodError) {
    return {
      status: 400,
      body: { message: 'Invalid input', code: 'BAD_REQUEST', issues: zodIssues(err, 'body') },
    };
  }
  const e = err as BodyParserError;
  if (e?.type === 'entity.parse.failed') {
    return {
      status: 400,
      body: {
        message: 'Malformed JSON',
        code: 'BAD_REQUEST',
        issues: [{ path: 'body', message: 'Malformed JSON' }],
      },
    };
  }
  if (e?.type === 'encoding.unsupported') {
    return { status: 415, body: { message: 'Send the request body uncompressed', code: 'BAD_REQUEST' } };
  }
  if (e?.type === 'entity.too.large') {
    return { status: 413, body: { message: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' } };
  }
  const fromDatabase = databaseErrorBody(err);
  if (fromDatabase) return fromDatabase;
  if (e?.status && e.status >= 400 && e.status < 500) {
    return { status: e.status, body: { message: e.message || 'Bad request', code: 'BAD_REQUEST' } };
  }
  console.error(`[error] request ${requestId}:`, err);
  return { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL', requestId } };
}
