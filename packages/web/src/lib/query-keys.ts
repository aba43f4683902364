import type { DeviceLiveEvent, LIVE_ENTITIES } from '@isik/domain';

/** An entity the server's live socket announces (domain events.ts LIVE_ENTITIES). */
export type LiveEntity = (typeof LIVE_ENTITIES)[number];

/**
 * The one place query keys start from. Every key a feature builds begins with one of these, named after the live
 * socket's entities, so a live event `{ entity }` invalidates exactly the queries of that entity (lib/live.ts) and a
 * mutation invalidates another entity's queries by the same name (`queryKeys.materials`), never by a typed string.
 * Type-only import of the domain: this module adds nothing to the first render but these arrays.
 */
export const queryKeys = {
  users: ['users'],
  companies: ['companies'],
  logs: ['logs'],
  todos: ['todos'],
  offers: ['offers'],
  products: ['products'],
  materials: ['materials'],
  stock: ['stock'],
  orders: ['orders'],
  gateway_commands: ['gateway_commands'],
  images: ['images'],
  models: ['models'],
  mycompany: ['mycompany'],
  deliveries: ['deliveries'],
  rates: ['rates'],
  buyings: ['buyings'],
  contacts: ['contacts'],
  offer_settings: ['offer_settings'],
} as const satisfies { readonly [E in LiveEntity]: readonly [E] };

/**
 * Keys of data the back office's live socket does not announce: the device service's own socket and its accounts
 * (`gateways`, `gateway_programs`; ADR 0024), the public pages without a socket (`web`) and the storage figures of
 * the settings drawer (`system`).
 */
export const otherKeys = {
  gateways: ['gateways'],
  gateway_programs: ['gateway_programs'],
  device_accounts: ['device_accounts'],
  device_config: ['device-config'],
  web: ['web'],
  system: ['system'],
} as const;

/** The queries a back-office live event invalidates: those whose key starts with its entity. */
export function liveEventKey(entity: string): readonly [string] {
  return Object.hasOwn(queryKeys, entity) ? queryKeys[entity as LiveEntity] : [entity];
}

/** The device service's socket (ADR 0024): the entities it announces and the queries each invalidates. */
export const deviceLiveKeys = {
  gateways: otherKeys.gateways,
  gateway_commands: queryKeys.gateway_commands,
  gateway_programs: otherKeys.gateway_programs,
} as const satisfies { readonly [E in DeviceLiveEvent['entity']]: readonly [E] };

/** The queries a device-service event invalidates; null for an entity it does not announce. */
export function deviceLiveEventKey(entity: unknown): readonly [string] | null {
  return typeof entity === 'string' && Object.hasOwn(deviceLiveKeys, entity) ? deviceLiveKeys[entity as DeviceLiveEvent['entity']] : null;
}
