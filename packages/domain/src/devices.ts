import { z } from 'zod';
import { idSchema, versionSchema } from './common.js';
import { EMAIL_RE } from './common.js';
import { COMMAND_STATUSES, SET_MESH_STATUS, TIME_OF_DAY_RE, brightnessSchema, commandPayloadSchema, macSchema } from './gateway-protocol.js';

/**
 * Requests and answers of the device service (spec 002 3 and 7, DECISIONS 1 and 10), under /device-api.
 * The web client derives its types from these.
 */

export const DEVICE_SLUG_RE = /^[a-z][a-z0-9-]{0,39}$/;
export const GATEWAY_PAGE_SIZE = 10;
export const COMMAND_PAGE_SIZE = 50;
/** Spec 002 9: map centre (latitude, longitude) and zoom. */
export const MAP_CENTER: [number, number] = [39.92, 32.85];
export const MAP_ZOOM = 17;
/** Voltage bars: width = value / 3 percent (spec 002 2.10). */
export const VOLTAGE_BAR_DIVISOR = 3;
export const GATEWAY_STATUSES = ['online', 'offline'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

const text = (max: number) => z.string({ error: 'error.invalidType' }).trim().max(max, { error: 'error.tooLong' });
const lat = z.number({ error: 'device.coordinate.invalid' }).min(-90, { error: 'device.coordinate.invalid' }).max(90, { error: 'device.coordinate.invalid' });
const lng = z.number({ error: 'device.coordinate.invalid' }).min(-180, { error: 'device.coordinate.invalid' }).max(180, { error: 'device.coordinate.invalid' });

export const deviceConfigSchema = z.object({ slug: z.string(), mapTileUrl: z.string(), mapAttribution: z.string() });
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const meshItemSchema = z.object({
  mac_addr: z.string(),
  name: z.string(),
  rssi: z.number(),
  version: z.string(),
  brightness: z.number(),
  connected: z.boolean(),
  map_lat: z.number().nullable(),
  map_lng: z.number().nullable(),
});
export type MeshItem = z.infer<typeof meshItemSchema>;

export const gatewayRowSchema = z.object({
  _id: z.string(),
  mac_addr: z.string(),
  device_name: z.string(),
  city: z.string(),
  device_status: z.enum(GATEWAY_STATUSES),
  map_lat: z.number().nullable(),
  map_lng: z.number().nullable(),
});
export type GatewayRow = z.infer<typeof gatewayRowSchema>;

/** The device object of spec 002 3. */
export const gatewaySchema = gatewayRowSchema.extend({
  device_description: z.string(),
  device_city_details: z.object({ name: z.string(), sunriseTime: z.string(), sunsetTime: z.string() }),
  websocketPort: z.number().nullable(),
  root_mesh_ip: z.string(),
  eMeterReadTimestamp: z.string().nullable(),
  eMeterVoltageValue: z.string(),
  eMeterCurrentValue: z.string(),
  mesh_items: z.array(meshItemSchema),
  last_seen: z.string().nullable(),
  __v: z.number(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

export const gatewayListQuerySchema = z.object({
  page: z.coerce.number({ error: 'error.invalidType' }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: 'error.invalidType' }).int().min(1).max(1000, { error: 'error.pageSize.max' }).default(GATEWAY_PAGE_SIZE),
  search: z.string().max(200).optional(),
});
export type GatewayListQuery = z.input<typeof gatewayListQuerySchema>;

export const gatewayListSchema = z.object({ gatewayList: z.array(gatewayRowSchema), page: z.number(), totalPage: z.number(), totalItemCount: z.number() });
export type GatewayList = z.infer<typeof gatewayListSchema>;

/** Everything with coordinates, for the map: gateways and their mesh lights. */
export const gatewayMapSchema = z.object({ gateways: z.array(gatewayRowSchema.extend({ mesh_items: z.array(meshItemSchema) })) });
export type GatewayMap = z.infer<typeof gatewayMapSchema>;

/** Registering a gateway (device admin): creates it, or gives an existing one a new key. The key is shown once. */
export const gatewayRegisterSchema = z.object({
  mac_addr: macSchema,
  device_name: text(100).min(1, { error: 'error.required' }),
  device_description: text(500).default(''),
  city: text(100).default(''),
  map_lat: lat.nullable().default(null),
  map_lng: lng.nullable().default(null),
  time_zone: z.string().max(64).refine((tz) => { try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; } }, { error: 'device.timeZone.invalid' }).default('Europe/Istanbul'),
});
export type GatewayRegisterInput = z.input<typeof gatewayRegisterSchema>;
export const gatewayRegisteredSchema = z.object({ _id: z.string(), mac_addr: z.string(), key: z.string(), created: z.boolean() });

export const commandCreateSchema = z.object({
  device_id: idSchema,
  command: z.literal(SET_MESH_STATUS, { error: 'device.command.invalid' }),
  payload: commandPayloadSchema,
});
export type CommandCreateInput = z.input<typeof commandCreateSchema>;

export const commandSchema = z.object({
  _id: z.string(),
  device_id: z.string(),
  timestamp: z.string(),
  command: z.string(),
  payload: z.object({ macs: z.array(z.string()), cid: z.number(), value: z.number() }),
  user: z.string(),
  status: z.enum(COMMAND_STATUSES),
  attempts: z.number(),
  updated: z.string(),
});
export type Command = z.infer<typeof commandSchema>;

export const commandListQuerySchema = z.object({
  page: z.coerce.number({ error: 'error.invalidType' }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: 'error.invalidType' }).int().min(1).max(500).default(COMMAND_PAGE_SIZE),
});
export const commandListSchema = z.object({ commandList: z.array(commandSchema), page: z.number(), totalPage: z.number(), totalItemCount: z.number() });
export type CommandList = z.infer<typeof commandListSchema>;

const day = z.boolean({ error: 'error.invalidType' }).default(false);
/** A program (spec 002 3): time, brightness, the seven weekdays. */
export const programInputSchema = z.object({
  user_defined_time: z.string({ error: 'device.time.invalid' }).regex(TIME_OF_DAY_RE, { error: 'device.time.invalid' }),
  brightness: brightnessSchema,
  monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day,
});
export const programCreateSchema = programInputSchema.extend({ device_id: idSchema });
export const programUpdateSchema = programInputSchema.extend({ __v: versionSchema.optional() });
export type ProgramInput = z.input<typeof programInputSchema>;
export type ProgramCreateInput = z.input<typeof programCreateSchema>;

export const programSchema = z.object({
  _id: z.string(),
  device_id: z.string(),
  user_defined_time: z.string(),
  brightness: z.number(),
  monday: z.boolean(), tuesday: z.boolean(), wednesday: z.boolean(), thursday: z.boolean(), friday: z.boolean(), saturday: z.boolean(), sunday: z.boolean(),
  __v: z.number(),
});
export type Program = z.infer<typeof programSchema>;
export const programListSchema = z.object({ programList: z.array(programSchema) });

/** Device accounts (DECISIONS 10): the service's own users; its admins manage the others. */
export const deviceAccountSchema = z.object({ _id: z.string(), email: z.string(), name: z.string(), admin: z.boolean(), active: z.boolean(), __v: z.number() });
export type DeviceAccount = z.infer<typeof deviceAccountSchema>;
const email = z.string({ error: 'user.email.invalid' }).trim().toLowerCase().max(200, { error: 'error.tooLong' }).regex(EMAIL_RE, { error: 'user.email.invalid' });
export const deviceAccountCreateSchema = z.object({
  email,
  name: text(100).default(''),
  password: z.string({ error: 'error.required' }).max(200, { error: 'error.tooLong' }),
  admin: z.boolean({ error: 'error.invalidType' }).default(false),
});
export const deviceAccountUpdateSchema = z.object({
  name: text(100).optional(),
  password: z.string({ error: 'error.invalidType' }).max(200, { error: 'error.tooLong' }).optional(),
  admin: z.boolean({ error: 'error.invalidType' }).optional(),
  active: z.boolean({ error: 'error.invalidType' }).optional(),
  __v: versionSchema.optional(),
});
export const deviceAccountListSchema = z.object({ accountList: z.array(deviceAccountSchema) });

/** Live events of the device socket (/device-api/ws). */
export interface DeviceLiveEvent { entity: 'gateways' | 'gateway_commands' | 'gateway_programs'; id?: string; device_id?: string; action: 'created' | 'updated' | 'deleted' | 'changed' }
