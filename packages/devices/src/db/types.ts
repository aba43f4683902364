import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any Drizzle PostgreSQL database (node-postgres in the product); the service uses only the core query builder. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DeviceDb = PgDatabase<PgQueryResultHKT, any>;
export type DeviceTx = Parameters<Parameters<DeviceDb['transaction']>[0]>[0];
export type DeviceExecutor = DeviceDb | DeviceTx;
