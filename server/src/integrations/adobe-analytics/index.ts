export * from './client';
export * from './ims';
