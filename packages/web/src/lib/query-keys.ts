import { LIVE_ENTITIES } from '@isik/domain';

/** An entity the server's live socket announces (domain events.ts LIVE_ENTITIES). */
export type LiveEntity = (typeof LIVE_ENTITIES)[number];

/**
 * The one place query keys start from. Every key a feature builds begins with one of these, made from the live
 * socket's entity list itself, so a live event `{ entity }` invalidates exactly the queries of that entity
 * (lib/live.ts) and a mutation invalidates another entity's queries by the same name (`queryKeys.materials`), never
 * by a typed string. Built from the domain's list rather than written out: it is in the first render (the header's
 * rates), where a second copy of the names would cost bytes.
 */
export const queryKeys = Object.fromEntries(LIVE_ENTITIES.map((e) => [e, [e] as const])) as Record<string, readonly [string]> as {
  readonly [E in LiveEntity]: readonly [E];
};

/**
 * Keys of data the back office's live socket does not announce: the device service's own socket and its accounts
 * (`gateways`, `gateway_programs`; ADR 0024), the public pages without a socket (`web`) and the storage figures of
 * the settings drawer (`system`), and the reports (issue 26: aggregates read when asked, not refreshed live).
 */
export const otherKeys = {
  gateways: ['gateways'],
  gateway_programs: ['gateway_programs'],
  device_accounts: ['device_accounts'],
  device_config: ['device-config'],
  web: ['web'],
  system: ['system'],
  reports: ['reports'],
} as const;

/** The queries a back-office live event invalidates: those whose key starts with its entity. */
export function liveEventKey(entity: string): readonly [string] {
  return Object.hasOwn(queryKeys, entity) ? queryKeys[entity as LiveEntity] : [entity];
}
