import { integrationProvider } from '../provider';
import { buildDv360Client } from './build';
import { dv360Deliverer } from './deliverer';
import { readDv360Objects } from './reader';

/**
 * The manifest of Display & Video 360 (API v4, Bid Manager v2): google-dv360-outbound and google-
 * dv360-inbound (spec 03 §3 "DV360 inbound", DV360 outbound data types) and the DV360 client.
 */
export const dv360Provider = integrationProvider({
  name: 'dv360',
  deliverers: { 'google-dv360-outbound': dv360Deliverer },
  readers: { 'google-dv360-inbound': readDv360Objects },
  clients: { dv360: buildDv360Client },
});
