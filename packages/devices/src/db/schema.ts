// Tables of the device service (DECISIONS 1, 10). They live in their own PostgreSQL schema `devices`,
// with their own migrations (packages/devices/drizzle) and migrations table (devices.__device_migrations),
// so they never collide with the back office's tables or migrations even in the same database.
import { boolean, bigserial, doublePrecision, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const devicesSchema = pgSchema('devices');

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Key-value settings of the service (the generated token secret). */
export const deviceSettings = devicesSchema.table('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** The service's own accounts: not the back office's users. */
export const deviceAccounts = devicesSchema.table('accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  password_hash: text('password_hash').notNull(),
  admin: boolean('admin').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** Raised by a password change or deactivation: older tokens stop working. */
  token_version: integer('token_version').notNull().default(0),
  version: integer('version').notNull().default(0),
  created_at: at('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('accounts_email_uq').on(t.email)]);

/** Sign-in attempts per e-mail (sign-in-guard.ts): counted before the password is checked, locked after too many. */
export const deviceLoginAttempts = devicesSchema.table('login_attempts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_start: at('window_start').notNull().defaultNow(),
  locked_until: at('locked_until'),
});

export const gateways = devicesSchema.table('gateways', {
  id: text('id').primaryKey(),
  mac_addr: text('mac_addr').notNull(),
  device_name: text('device_name').notNull(),
  device_description: text('device_description').notNull().default(''),
  city: text('city').notNull().default(''),
  map_lat: doublePrecision('map_lat'),
  map_lng: doublePrecision('map_lng'),
  time_zone: text('time_zone').notNull().default('Europe/Istanbul'),
  /** SHA-256 of the gateway's key (a random 32-byte secret, so a fast hash is enough). */
  key_hash: text('key_hash').notNull(),
  status: text('status').notNull().default('offline'),
  websocket_port: integer('websocket_port'),
  root_mesh_ip: text('root_mesh_ip').notNull().default(''),
  meter_voltage: text('meter_voltage').notNull().default(''),
  meter_current: text('meter_current').notNull().default(''),
  meter_read_at: at('meter_read_at'),
  last_seen: at('last_seen'),
  /** Raised whenever the programs change; the gateway acknowledges the revision it holds. */
  programs_revision: integer('programs_revision').notNull().default(0),
  programs_acked: integer('programs_acked').notNull().default(-1),
  /** The instance holding the gateway's link (ADR 0043): set with status online, cleared when it ends or the instance dies. */
  linked_to: text('linked_to'),
  version: integer('version').notNull().default(0),
  created_at: at('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('gateways_mac_uq').on(t.mac_addr), index('gateways_name_idx').on(t.device_name)]);

export const meshItems = devicesSchema.table('mesh_items', {
  gateway_id: text('gateway_id').notNull().references(() => gateways.id, { onDelete: 'cascade' }),
  mac_addr: text('mac_addr').notNull(),
  name: text('name').notNull().default(''),
  rssi: integer('rssi').notNull().default(0),
  version: text('version').notNull().default(''),
  brightness: integer('brightness').notNull().default(0),
  connected: boolean('connected').notNull().default(false),
  map_lat: doublePrecision('map_lat'),
  map_lng: doublePrecision('map_lng'),
  updated_at: at('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.gateway_id, t.mac_addr] })]);

export const gatewayCommands = devicesSchema.table('commands', {
  id: text('id').primaryKey(),
  gateway_id: text('gateway_id').notNull().references(() => gateways.id, { onDelete: 'cascade' }),
  command: text('command').notNull(),
  payload: jsonb('payload').$type<{ macs: string[]; cid: number; value: number }>().notNull(),
  account_id: text('account_id'),
  user_name: text('user_name').notNull(),
  status: text('status').notNull().default('queued'),
  /** How many times it was written to the link. */
  sends: integer('sends').notNull().default(0),
  created_at: at('created_at').notNull(),
  expires_at: at('expires_at').notNull(),
  sent_at: at('sent_at'),
  /** The instance that wrote it to the link last (ADR 0043): its timeout and disconnect move it, or the sweep of a dead instance. */
  sent_by: text('sent_by'),
  updated_at: at('updated_at').notNull(),
}, (t) => [
  index('commands_gateway_created_idx').on(t.gateway_id, t.created_at),
  index('commands_open_idx').on(t.status, t.gateway_id),
]);

export const gatewayPrograms = devicesSchema.table('programs', {
  id: text('id').primaryKey(),
  gateway_id: text('gateway_id').notNull().references(() => gateways.id, { onDelete: 'cascade' }),
  user_defined_time: text('user_defined_time').notNull(),
  brightness: integer('brightness').notNull(),
  monday: boolean('monday').notNull().default(false),
  tuesday: boolean('tuesday').notNull().default(false),
  wednesday: boolean('wednesday').notNull().default(false),
  thursday: boolean('thursday').notNull().default(false),
  friday: boolean('friday').notNull().default(false),
  saturday: boolean('saturday').notNull().default(false),
  sunday: boolean('sunday').notNull().default(false),
  version: integer('version').notNull().default(0),
  created_at: at('created_at').notNull().defaultNow(),
}, (t) => [index('programs_gateway_idx').on(t.gateway_id, t.user_defined_time)]);

/** The device service's audit trail: account changes, gateway registrations, commands, programs, refused links. */
export const deviceLogs = devicesSchema.table('logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: at('at').notNull().defaultNow(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  gateway_id: text('gateway_id'),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [index('logs_at_idx').on(t.at)]);

/**
 * The meter readings a gateway reports, kept (issue 26): the gateways row holds only the last one. `power_w` is the
 * sum over the three phases of voltage x current (street-light drivers run at a power factor close to 1);
 * `brightness` the mean brightness (0-100) of the gateway's connected lights when the reading came, from their last
 * mesh report (commands and the gateway's own programs both change it), null without lights. The energy per day
 * (energy.ts) integrates them.
 */
export const meterReadings = devicesSchema.table('meter_readings', {
  gateway_id: text('gateway_id').notNull().references(() => gateways.id, { onDelete: 'cascade' }),
  read_at: at('read_at').notNull(),
  voltage: jsonb('voltage').$type<number[]>().notNull(),
  current: jsonb('current').$type<number[]>().notNull(),
  power_w: doublePrecision('power_w').notNull(),
  brightness: doublePrecision('brightness'),
}, (t) => [primaryKey({ columns: [t.gateway_id, t.read_at] })]);
/** Running device-service instances (ADR 0043): each beats every few seconds; one silent for long is dead and swept. */
export const deviceInstances = devicesSchema.table('instances', {
  id: text('id').primaryKey(),
  started_at: at('started_at').notNull().defaultNow(),
  seen_at: at('seen_at').notNull().defaultNow(),
});
