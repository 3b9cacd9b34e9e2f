export * from './api-tokens.contract';
export * from './api-tokens.rules';
