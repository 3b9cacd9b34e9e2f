export * from './reports.contract';
export * from './reports.format';
