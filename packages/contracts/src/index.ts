export * from './common';
export * from './limits';
export * from './languages';
export * from './provinces';
export * from './routes';
export * from './seo';
export * from './content';
