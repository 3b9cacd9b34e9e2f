export * from './audit-rules';
export * from './audits.contract';
export * from './scores';
