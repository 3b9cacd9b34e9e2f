export * from './connector-type-slugs';
export * from './connector-types';
export * from './connectors.contract';
export * from './connectors.rules';
export * from './credentials';
