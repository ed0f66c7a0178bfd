export * from './auth.js';
export * from './company.js';
export * from './endpoint.js';
export * from './enums.js';
export * from './envelope.js';
export * from './errors.js';
export * from './messages.js';
export * from './system.js';
