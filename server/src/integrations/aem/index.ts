import { integrationProvider } from '../provider';
import { buildAemClient } from './build';
import { testAem } from './connection-test';
import { aemDeliverer } from './deliverer';
import { readAemContent } from './reader';

/**
 * The manifest of Adobe Experience Manager (Assets HTTP API): adobe-experience-manager-outbound and
 * -inbound (spec 03 §3 "Storage (content management)"), "Test connection" of aem accounts and the
 * AEM client.
 */
export const aemProvider = integrationProvider({
  name: 'aem',
  deliverers: { 'adobe-experience-manager-outbound': aemDeliverer },
  readers: { 'adobe-experience-manager-inbound': readAemContent },
  connectionTests: { aem: testAem },
  clients: { aem: buildAemClient },
});
