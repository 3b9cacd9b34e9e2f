import { integrationProvider } from '../provider';
import { boxDeliverer } from './deliverer';

/**
 * The manifest of Box: the box-push, box-push-general and box-push-v2 deliverer (spec 03 §2), one
 * implementation for the three slugs.
 */
export const boxProvider = integrationProvider({
  name: 'box',
  deliverers: { 'box-push': boxDeliverer, 'box-push-general': boxDeliverer, 'box-push-v2': boxDeliverer },
});
