export * from './collab-token';
export * from './secret';
