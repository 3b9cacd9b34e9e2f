import { integrationProvider } from '../provider';
import { snowflakeDeliverer } from './deliverer';

/**
 * The manifest of Snowflake (SQL API v2): the snowflake-push deliverer (spec 03 §2).
 */
export const snowflakeProvider = integrationProvider({
  name: 'snowflake',
  deliverers: { 'snowflake-push': snowflakeDeliverer },
});
