/**
 * The deliverers of the deliverable slugs (spec 03 §2): each lives in its provider's folder
 * (`server/src/integrations/<provider>/deliverer.ts`) and is declared by that folder's manifest;
 * the registry (`server/src/integrations/registry.ts`) builds DELIVERERS from the manifests and
 * checks that every deliverable slug has one. This folder keeps what the deliverers share
 * (context.ts, mapped-rows.ts, ad-objects.ts, links.ts).
 */

export { DELIVERERS, delivererOf } from '../../integrations/registry';
export type { Deliverer, DeliveryContext, DeliveryResult } from './context';
