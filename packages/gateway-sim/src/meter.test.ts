import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.js';
import { SimGateway } from './gateway.js';
import { LIGHT_WATTS, isNight, phaseCurrents, sunHours } from './meter.js';

/** Issue 26: the simulator's meter reports what its lights burn, so the service's energy figures mean something. */
describe('simulated meter', () => {
  it('has long nights in winter and short ones in summer', () => {
    const dec = sunHours('2026-12-21');
    const jun = sunHours('2026-06-21');
    expect(dec.sunset).toBeCloseTo(16.75, 1);
    expect(jun.sunset).toBeCloseTo(19.75, 1);
    expect(jun.sunrise).toBeLessThan(dec.sunrise);
    expect(isNight(new Date('2026-03-02T18:30:00Z'), 'Europe/Istanbul')).toBe(true); // 21:30 in Istanbul
    expect(isNight(new Date('2026-03-02T09:00:00Z'), 'Europe/Istanbul')).toBe(false); // noon
    expect(isNight(new Date('2026-03-02T01:00:00Z'), 'Europe/Istanbul')).toBe(true); // 04:00
  });

  it('phase currents carry the lights\' wattage x brightness at night, nothing by day or for an unreachable light', () => {
    const lights = [
      { watts: 60, brightness: 50, connected: true, phase: 0 },
      { watts: 120, brightness: 100, connected: true, phase: 0 },
      { watts: 90, brightness: 100, connected: false, phase: 1 },
      { watts: 30, brightness: 20, connected: true, phase: 2 },
    ];
    const v = [230, 225, 240];
    const night = phaseCurrents(lights, v, true);
    expect(night[0] * 230).toBeCloseTo(30 + 120, 6);
    expect(night[1]).toBe(0);
    expect(night[2] * 240).toBeCloseTo(6, 6);
    expect(phaseCurrents(lights, v, false)).toEqual([0, 0, 0]);
  });

  function gateway(at: string) {
    const clock = new SimClock('manual', new Date(at));
    const g = new SimGateway({
      linkUrl: 'ws://127.0.0.1:1/device-api/link', index: 3, mac: 'AA:BB:CC:00:00:03', key: 'k', name: 'GW', lat: 39.92, lng: 32.85, lights: 12, seed: 5,
      clock, timeZone: 'Europe/Istanbul', answerDelay: [0, 0], meterIntervalMs: 0,
    });
    return { g, clock };
  }
  const power = (m: { voltage: number[]; current: number[] }) => m.voltage.reduce((s, v, i) => s + v * m.current[i], 0);

  it('a gateway\'s reading at night is its connected lights\' wattage at their brightness; by day about nothing', () => {
    const { g, clock } = gateway('2026-03-02T19:00:00Z');
    const lights = g.lights as unknown as { watts: number; brightness: number; connected: boolean }[];
    expect(new Set(lights.map((l) => l.watts))).toEqual(new Set(LIGHT_WATTS));
    const want = lights.filter((l) => l.connected).reduce((s, l) => s + (l.watts * l.brightness) / 100, 0);
    const m = g.meterReading();
    expect(m.read_at).toBe('2026-03-02T19:00:00.000Z');
    expect(power(m)).toBeCloseTo(want, 0);
    // Dimmed to 30 %: half the power.
    for (const l of lights) l.brightness = 30;
    expect(power(g.meterReading())).toBeCloseTo(want / 2, 0);
    clock.set(new Date('2026-03-03T09:00:00Z'));
    expect(power(g.meterReading())).toBe(0);
    g.stop();
    clock.stop();
  });
});
