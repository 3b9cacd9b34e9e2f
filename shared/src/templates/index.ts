export * from './template-editing';
export * from './template-messages';
export * from './templates.contract';
export * from './validate-template';
