/**
 * A failure of an inbound pull (issue 12 item 5). `permanent` failures (a refused sign-in, a
 * missing bucket, a file that cannot be read as a table, a removed assignment) end the run Failed
 * at once; others (a peer that is down) are retried with the queue's backoff.
 */
export class InboundError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'InboundError';
  }
}
