export * from './codegen';
export * from './parse';
export * from './patterns.contract';
