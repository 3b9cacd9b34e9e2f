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

/**
 * The one error handler (ARCHITECTURE.md, HTTP API): AppError → its status and message; zod →
 * 400 with issues; malformed JSON → 400; oversized body → 413; anything else → 500 with the
 * request id and no internals (the error is logged).
 */
export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  const body = toErrorBody(err, String(res.locals.requestId ?? ''));
  res.status(body.status).json(body.body);
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
  if (e?.status && e.status >= 400 && e.status < 500) {
    return { status: e.status, body: { message: e.message || 'Bad request', code: 'BAD_REQUEST' } };
  }
  console.error(`[error] request ${requestId}:`, err);
  return { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL', requestId } };
}
