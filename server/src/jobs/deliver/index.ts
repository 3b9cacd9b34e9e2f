import type { DeliverableSlug } from '../delivery';
import { aemDeliverer } from './aem';
import { azureBlobDeliverer } from './azure-blob';
import { bitlyDeliverer } from './bitly';
import { boxDeliverer } from './box';
import type { Deliverer } from './context';
import { emailDeliverer } from './email';
import { facebookAdsDeliverer, facebookMarketingDeliverer } from './facebook';
import { cm360Deliverer, dv360Deliverer } from './google-ads';
import { googleCloudDeliverer } from './google-cloud';
import { marketingCloudDeliverer } from './marketing-cloud';
import { pinterestDeliverer } from './pinterest';
import { qrCodeMonkeyDeliverer } from './qr-code-monkey';
import { s3Deliverer } from './s3';
import { sftpDeliverer } from './sftp';
import { snapchatDeliverer } from './snapchat';
import { snowflakeDeliverer } from './snowflake';
import { tiktokDeliverer } from './tiktok';

export type { Deliverer, DeliveryContext, DeliveryResult } from './context';

/**
 * The deliverer of each deliverable slug (issue 12 item 4): one module per destination kind in this
 * folder. Adding a slug: add it to DELIVERABLE_SLUGS (../delivery.ts), write its module and add one
 * line here; the `satisfies` makes the compiler check that every slug has a deliverer.
 */
export const DELIVERERS = {
  'email-output': emailDeliverer,
  'sftp-push': sftpDeliverer,
  's3-push': s3Deliverer,
  'azure-blob-push': azureBlobDeliverer,
  'google-cloud': googleCloudDeliverer,
  'box-push': boxDeliverer,
  'box-push-general': boxDeliverer,
  'box-push-v2': boxDeliverer,
  'snowflake-push': snowflakeDeliverer,
  bitly: bitlyDeliverer,
  'qr-code-monkey': qrCodeMonkeyDeliverer,
  'google-dcm-output': cm360Deliverer,
  'google-cm360-outbound': cm360Deliverer,
  'google-dv360-outbound': dv360Deliverer,
  'salesforce-marketing-cloud-outbound': marketingCloudDeliverer,
  'adobe-experience-manager-outbound': aemDeliverer,
  'facebook-ads': facebookAdsDeliverer,
  'facebook-ads-update': facebookAdsDeliverer,
  'facebook-marketing-outbound': facebookMarketingDeliverer,
  'tiktok-outbound': tiktokDeliverer,
  'snapchat-marketing-outbound': snapchatDeliverer,
  'pinterest-outbound': pinterestDeliverer,
} satisfies Record<DeliverableSlug, Deliverer>;

/** The deliverer of `slug`, or undefined when Nomen does not deliver it. */
export function delivererOf(slug: string): Deliverer | undefined {
  return (DELIVERERS as Record<string, Deliverer>)[slug];
}
