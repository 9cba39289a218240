export * from './libraries';
export * from './users';
export * from './catalogue';
export * from './stories';
export * from './auth';
export * from './support';
export * from './payments';
export * from './admin';
