export * from './codegen';
export * from './patterns.contract';
