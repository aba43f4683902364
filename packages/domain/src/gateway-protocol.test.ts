import { describe, expect, it } from 'vitest';
import {
  COMMAND_MAX_RETRIES, afterCommandTimeout, brightnessSchema, canMoveCommand, commandPayloadSchema, formatPhases,
  gatewayMessageSchema, isCommandSuccess, isFinalCommandStatus, localClock, parsePhases, snapBrightness,
} from './gateway-protocol.js';
import { commandCreateSchema, programInputSchema } from './devices.js';

describe('command state machine (DECISIONS 10)', () => {
  it('moves queued -> sent -> completed, and never out of a final state', () => {
    expect(canMoveCommand('queued', 'sent')).toBe(true);
    expect(canMoveCommand('sent', 'completed')).toBe(true);
    expect(canMoveCommand('queued', 'completed')).toBe(false);
    expect(canMoveCommand('queued', 'expired')).toBe(true);
    expect(canMoveCommand('sent', 'expired')).toBe(false);
    for (const s of ['completed', 'failed', 'expired'] as const) {
      expect(isFinalCommandStatus(s)).toBe(true);
      expect(canMoveCommand(s, 'sent')).toBe(false);
    }
  });

  it('retries a timed-out command three times, then fails it', () => {
    expect(COMMAND_MAX_RETRIES).toBe(3);
    expect([1, 2, 3, 4].map(afterCommandTimeout)).toEqual(['sent', 'sent', 'sent', 'failed']);
  });

  it('only completed is success', () => {
    expect(isCommandSuccess('completed')).toBe(true);
    for (const s of ['queued', 'sent', 'timeout', 'failed', 'expired']) expect(isCommandSuccess(s)).toBe(false);
  });
});

describe('brightness (spec 002 5)', () => {
  it('accepts whole numbers 0-100 in steps of 5 only', () => {
    for (const v of [0, 5, 50, 100]) expect(brightnessSchema.safeParse(v).success).toBe(true);
    for (const v of [-5, 3, 50.5, 105, '50', null]) expect(brightnessSchema.safeParse(v).success).toBe(false);
  });
  it('snaps dial positions to the nearest step inside the range', () => {
    expect([-10, 2, 3, 47.4, 97.6, 130, Number.NaN].map(snapBrightness)).toEqual([0, 0, 5, 45, 100, 100, 0]);
  });
  it('a command carries macs, cid 1 and a value', () => {
    expect(commandPayloadSchema.parse({ macs: ['aa:bb:cc:dd:ee:ff'], cid: 1, value: 20 }).macs).toEqual(['AA:BB:CC:DD:EE:FF']);
    expect(commandCreateSchema.safeParse({ device_id: 'x', command: 'set_mesh_status', payload: { macs: ['AA:BB:CC:DD:EE:FF'], cid: 2, value: 20 } }).success).toBe(false);
  });
});

describe('meter strings and programs', () => {
  it('stores the three phases as one " / " string and reads it back', () => {
    expect(formatPhases([229.44, 230, 231.06])).toBe('229.4 / 230 / 231.1');
    expect(parsePhases('229.4 / 230 / 231.1')).toEqual([229.4, 230, 231.1]);
    expect(parsePhases('')).toEqual([0, 0, 0]);
  });
  it('a program needs a HH:MM time and a brightness step', () => {
    expect(programInputSchema.safeParse({ user_defined_time: '19:30', brightness: 80 }).success).toBe(true);
    expect(programInputSchema.safeParse({ user_defined_time: '24:00', brightness: 80 }).success).toBe(false);
    expect(programInputSchema.safeParse({ user_defined_time: '7:30', brightness: 80 }).success).toBe(false);
  });
  it('local clock gives time of day and Monday-first weekday in a zone', () => {
    expect(localClock(new Date('2026-01-05T17:30:00Z'), 'Europe/Istanbul')).toEqual({ time: '20:30', weekday: 0, date: '2026-01-05' });
    expect(localClock(new Date('2026-01-04T22:00:00Z'), 'Europe/Istanbul').weekday).toBe(0);
  });
  it('gateway frames are checked: a mesh frame holds at most 10 lights', () => {
    const light = { mac_addr: 'AA:BB:CC:DD:EE:01', name: 'L', rssi: -50, version: '1', brightness: 50, connected: true, map_lat: null, map_lng: null };
    expect(gatewayMessageSchema.safeParse({ type: 'mesh', items: Array(10).fill(light) }).success).toBe(true);
    expect(gatewayMessageSchema.safeParse({ type: 'mesh', items: Array(11).fill(light) }).success).toBe(false);
    expect(gatewayMessageSchema.safeParse({ type: 'reboot' }).success).toBe(false);
  });
});
