export * from './common';
export * from './limits';
export * from './languages';
export * from './provinces';
export * from './routes';
