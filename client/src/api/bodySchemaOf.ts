import type { Endpoint } from '@nomen/shared';
import type { z } from 'zod';

/**
 * The request-body schema of a shared endpoint, for forms (STYLE.md: forms use useContractForm over
 * schemas from the shared contract). Throws when the endpoint takes no body.
 */
export function bodySchemaOf<B extends z.ZodType>(endpoint: Endpoint<z.ZodType, z.ZodType, B, z.ZodType>): B {
  if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} takes no body`);
  return endpoint.body;
}
