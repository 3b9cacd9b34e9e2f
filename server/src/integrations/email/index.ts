import { integrationProvider } from '../provider';
import { emailDeliverer } from './deliverer';

/**
 * The manifest of Email: the email-output deliverer (spec 03 §2), through the server's mailer.
 */
export const emailProvider = integrationProvider({
  name: 'email',
  deliverers: { 'email-output': emailDeliverer },
});
