import { z } from 'zod';

/**
 * The street-light gateway protocol (spec 002 2.10, 3; DECISIONS 10): the messages a gateway and the device
 * service exchange over the gateway's WebSocket link, and the command state machine. The device service
 * and the gateway simulator both build on this file and nothing else of each other.
 *
 * One JSON object per WebSocket frame, told apart by `type`. A gateway's first frame is `hello` with its
 * MAC address and key; anything else before a `welcome` closes the link. Frames from a gateway stay small
 * (mesh reports go in chunks of at most MESH_CHUNK items) so any socket limit holds.
 */

/** Path of the gateway link under the device service's prefix. */
export const GATEWAY_LINK_PATH = '/link';
export const BRIGHTNESS_MIN = 0;
export const BRIGHTNESS_MAX = 100;
export const BRIGHTNESS_STEP = 5;
/** A sent command without an answer in this time times out (DECISIONS 10). */
export const COMMAND_TIMEOUT_MS = 10_000;
/** A timed-out command is sent again at most this many times, then it has failed. */
export const COMMAND_MAX_RETRIES = 3;
/** The one command the documents name; cid is fixed 1. */
export const SET_MESH_STATUS = 'set_mesh_status';
export const MESH_CID = 1;
/** Largest number of mesh items in one `mesh` frame. */
export const MESH_CHUNK = 10;
/**
 * The largest frame the link takes (a larger one closes it with 1009, message too big). In the all-in-one start the
 * back office's live socket and the device service share one WebSocket server, so this is the one limit of every
 * socket of the product, mounted or alone (issue 22).
 */
export const LINK_MAX_FRAME_BYTES = 64 * 1024;
/**
 * WebSocket close codes of the link: a malformed or missing hello, a wrong key, replaced by a newer link of the same
 * gateway, and too many frames waiting (the gateway sent faster than the service stores; DEVICE_LINK_QUEUE).
 */
export const LINK_CLOSE = { badHello: 4400, refused: 4401, replaced: 4409, overloaded: 4429 } as const;

export const COMMAND_STATUSES = ['queued', 'sent', 'completed', 'timeout', 'failed', 'expired'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/**
 * Allowed moves: stored as queued; sent when written to the link; completed on the gateway's answer; timeout
 * when no answer came in time, then sent again or failed; back to queued when the link drops before an answer;
 * expired when it waited offline past its time to live. completed, failed and expired are final.
 */
const MOVES: Record<CommandStatus, readonly CommandStatus[]> = {
  queued: ['sent', 'expired'],
  sent: ['completed', 'timeout', 'queued', 'failed'],
  timeout: ['sent', 'failed', 'completed', 'queued'],
  completed: [],
  failed: [],
  expired: [],
};

export function canMoveCommand(from: CommandStatus, to: CommandStatus): boolean {
  return MOVES[from].includes(to);
}

export function isFinalCommandStatus(s: CommandStatus): boolean {
  return MOVES[s].length === 0;
}

/** Only 'completed' is success (spec 002 4); the history shows it green and everything else red. */
export function isCommandSuccess(s: string): boolean {
  return s === 'completed';
}

/** After a timeout of the `sends`-th send (1 = the first): send again, or give up. */
export function afterCommandTimeout(sends: number): 'sent' | 'failed' {
  return sends - 1 < COMMAND_MAX_RETRIES ? 'sent' : 'failed';
}

export const MAC_RE = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;
export const macSchema = z.string({ error: 'device.mac.invalid' }).trim().toUpperCase().regex(MAC_RE, { error: 'device.mac.invalid' });

/** Brightness: an integer 0-100 in steps of 5 (spec 002 5). */
export const brightnessSchema = z.number({ error: 'device.brightness.invalid' })
  .int({ error: 'device.brightness.invalid' })
  .min(BRIGHTNESS_MIN, { error: 'device.brightness.invalid' })
  .max(BRIGHTNESS_MAX, { error: 'device.brightness.invalid' })
  .refine((v) => v % BRIGHTNESS_STEP === 0, { error: 'device.brightness.invalid' });

/** The nearest allowed brightness for a dial or slider position. */
export function snapBrightness(v: number): number {
  const n = Math.round(Number.isFinite(v) ? v : 0);
  return Math.min(BRIGHTNESS_MAX, Math.max(BRIGHTNESS_MIN, Math.round(n / BRIGHTNESS_STEP) * BRIGHTNESS_STEP));
}

export const TIME_OF_DAY_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const phases = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
const coord = z.number().finite().min(-180).max(180);

export const meshReportItemSchema = z.object({
  mac_addr: macSchema,
  name: z.string().max(100),
  rssi: z.number().int().min(-150).max(0),
  version: z.string().max(40),
  brightness: z.number().int().min(0).max(100),
  connected: z.boolean(),
  map_lat: coord.nullable(),
  map_lng: coord.nullable(),
});
export type MeshReportItem = z.infer<typeof meshReportItemSchema>;

/** A program as the gateway runs it: at `time` (gateway local time) on the marked weekdays, all lights to `brightness`. */
export const linkProgramSchema = z.object({
  id: z.string(),
  time: z.string().regex(TIME_OF_DAY_RE),
  brightness: z.number().int().min(0).max(100),
  /** Monday first. */
  days: z.array(z.boolean()).length(7),
});
export type LinkProgram = z.infer<typeof linkProgramSchema>;

export const gatewayMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), mac: z.string().max(40), key: z.string().max(200), firmware: z.string().max(40).optional() }),
  z.object({ type: z.literal('info'), root_mesh_ip: z.string().max(64), websocket_port: z.number().int().min(0).max(65535) }),
  z.object({ type: z.literal('meter'), voltage: phases, current: phases, read_at: z.iso.datetime() }),
  z.object({ type: z.literal('mesh'), items: z.array(meshReportItemSchema).max(MESH_CHUNK) }),
  z.object({ type: z.literal('ack'), id: z.string().max(64), status: z.enum(['completed', 'rejected']), reason: z.string().max(200).optional() }),
  z.object({ type: z.literal('programs_ack'), revision: z.number().int() }),
]);
export type GatewayMessage = z.infer<typeof gatewayMessageSchema>;

export const commandPayloadSchema = z.object({
  macs: z.array(macSchema, { error: 'device.macs.invalid' }).min(1, { error: 'device.macs.invalid' }).max(500, { error: 'device.macs.invalid' }),
  cid: z.literal(MESH_CID, { error: 'device.cid.invalid' }),
  value: brightnessSchema,
});
export type CommandPayload = z.infer<typeof commandPayloadSchema>;

export const serviceMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), gateway_id: z.string(), time: z.string() }),
  z.object({ type: z.literal('command'), id: z.string(), attempt: z.number().int(), command: z.literal(SET_MESH_STATUS), payload: commandPayloadSchema }),
  z.object({ type: z.literal('programs'), revision: z.number().int(), programs: z.array(linkProgramSchema) }),
]);
export type ServiceMessage = z.infer<typeof serviceMessageSchema>;

/** The documented meter string: three numbers separated by ' / ' (spec 002 2.10). */
export function formatPhases(values: readonly number[]): string {
  return values.map((v) => (Math.round(v * 10) / 10).toString()).join(' / ');
}

export function parsePhases(s: string | null | undefined): [number, number, number] {
  const parts = (s ?? '').split('/').map((p) => Number(p.trim()));
  const at = (i: number) => (Number.isFinite(parts[i]) ? parts[i] : 0);
  return [at(0), at(1), at(2)];
}

/** Local time of day 'HH:MM' and weekday index (0 = Monday) of an instant in a time zone. */
export function localClock(at: Date, timeZone: string): { time: string; weekday: number; date: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'));
  return { time: `${get('hour')}:${get('minute')}`, weekday, date: `${get('year')}-${get('month')}-${get('day')}` };
}
