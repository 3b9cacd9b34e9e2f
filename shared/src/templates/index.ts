export * from './govern-editing';
export * from './link-governance';
export * from './template-connect';
export * from './template-editing';
export * from './template-messages';
export * from './template-people';
export * from './templates.contract';
export * from './validate-template';
