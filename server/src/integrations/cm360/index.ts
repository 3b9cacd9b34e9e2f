import { integrationProvider } from '../provider';
import { buildCm360Client } from './build';
import { cm360Deliverer } from './deliverer';
import { readCm360Objects } from './reader';

/**
 * The manifest of Campaign Manager 360 (API v4, Reports and Files): google-dcm-output and google-
 * cm360-outbound, google-dcm and google-cm360-inbound (spec 03 §3 "Campaign manager"), and the
 * CM360 client.
 */
export const cm360Provider = integrationProvider({
  name: 'cm360',
  deliverers: { 'google-dcm-output': cm360Deliverer, 'google-cm360-outbound': cm360Deliverer },
  readers: { 'google-dcm': readCm360Objects, 'google-cm360-inbound': readCm360Objects },
  clients: { cm360: buildCm360Client },
});
