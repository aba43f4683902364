export { createDeviceService, type DeviceService, type DeviceServiceOptions } from './service.js';
export { loadDeviceConfig, DeviceConfigError, MAP_TILE_URL_DEFAULT, type DeviceConfig } from './config.js';
export { ManualClock, realClock, type Clock } from './clock.js';
export { migrateDevices } from './db/migrate.js';
export type { DeviceDb } from './db/types.js';
