export * from './formats';
export * from './governance.contract';
export * from './governance.rules';
