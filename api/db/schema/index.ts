// The database schema, one file per area. drizzle-kit generates migrations from this index
// (drizzle.config.ts), so a new table's file is exported here.
export * from './accounts';
export * from './businesses';
export * from './contacts';
export * from './messaging';
export * from './knowledge';
export * from './conversations';
export * from './systems';
export * from './rate-limits';
export * from './actions';
export * from './inbox';
export * from './outgoing-webhooks';
export * from './appointments';
