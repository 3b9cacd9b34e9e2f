export * from './lookups.contract';
export * from './targets.contract';
export * from './targets.rules';
