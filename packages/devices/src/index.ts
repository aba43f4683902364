export { createDeviceService, type DeviceService, type DeviceServiceOptions } from './service.js';
export { loadDeviceConfig, DeviceConfigError, MAP_TILE_URL_DEFAULT, signInEnv, type DeviceConfig } from './config.js';
export { createSignInGuard, type AttemptTable, type SignInAttempt, type SignInGuard, type SignInRules } from './sign-in-guard.js';
export { ManualClock, realClock, type Clock } from './clock.js';
export { migrateDevices } from './db/migrate.js';
export type { DeviceDb } from './db/types.js';
export { listenAgain, type PgListener, type PgListenOptions } from './pg-listen.js';
