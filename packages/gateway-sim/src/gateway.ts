import WebSocket from 'ws';
import {
  LINK_CLOSE, MESH_CHUNK, serviceMessageSchema, type GatewayMessage, type LinkProgram, type MeshReportItem,
} from '@isik/domain';
import { minutesBetween, type SimClock } from './clock.js';
import { macOf, seeded } from './random.js';
import { LIGHT_WATTS, isNight, phaseCurrents } from './meter.js';

export interface SimGatewayOptions {
  /** ws(s)://host/device-api/link; several: the first, then the next one each time the link drops (ADR 0043). */
  linkUrl: string | string[];
  index: number;
  mac: string;
  key: string;
  name: string;
  lat: number;
  lng: number;
  lights: number;
  seed: number;
  clock: SimClock;
  timeZone: string;
  /** Answer delay range in ms. */
  answerDelay: [number, number];
  meterIntervalMs: number;
  ignoreCommands?: boolean;
  emit?: (event: Record<string, unknown>) => void;
}

interface Light extends MeshReportItem { phase: number; watts: number }

/**
 * One simulated street-light gateway: a WebSocket link to the device service, 5-30 mesh lights placed along a
 * street around its position, a three-phase meter drifting around 230 VAC with current following brightness,
 * commands answered after a short delay, programs run at their minute. It can be told to go offline, come back,
 * or ignore commands.
 */
export class SimGateway {
  readonly lights: Light[];
  programs: LinkProgram[] = [];
  programsRevision = -1;
  ignoreCommands: boolean;
  private ws: WebSocket | null = null;
  private wanted = false;
  private welcomed = false;
  private backoff = 250;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Which of several link addresses is tried next. */
  private urlIndex = 0;
  private meterTimer: ReturnType<typeof setInterval> | undefined;
  /** Answers due, in the order the commands arrived: a gateway works through its commands one at a time. */
  private answers: { due: number; run: () => void }[] = [];
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  private voltage: [number, number, number];
  private rand: () => number;
  private untick: () => void;
  /** Set when the service refused the key: no point retrying. */
  refused = false;

  constructor(private readonly o: SimGatewayOptions) {
    this.rand = seeded(o.seed * 7919 + o.index);
    this.ignoreCommands = o.ignoreCommands ?? false;
    this.voltage = [228 + this.rand() * 4, 228 + this.rand() * 4, 228 + this.rand() * 4];
    const angle = this.rand() * Math.PI;
    this.lights = Array.from({ length: o.lights }, (_, i) => {
      const along = (i - o.lights / 2) * 0.00028;
      const side = (i % 2 === 0 ? 1 : -1) * 0.00008;
      return {
        mac_addr: macOf(0x4c, o.index, i + 1),
        name: `${o.name}-L${String(i + 1).padStart(2, '0')}`,
        rssi: -40 - Math.round(Math.abs(i - o.lights / 2) * 3 + this.rand() * 8),
        version: '2.4.1',
        brightness: 60,
        // Every seventh light is out of reach of the mesh, as in a real street.
        connected: i % 7 !== 6,
        map_lat: round6(o.lat + along * Math.cos(angle) + side * Math.sin(angle)),
        map_lng: round6(o.lng + along * Math.sin(angle) * 1.3 - side * Math.cos(angle)),
        phase: i % 3,
        // Sizes in turn (not from the random sequence, so the lights' other figures stay as they were).
        watts: LIGHT_WATTS[(i + o.index) % LIGHT_WATTS.length],
      };
    });
    this.untick = o.clock.onTick((from, to) => this.runPrograms(from, to));
  }

  get mac(): string { return this.o.mac; }
  get online(): boolean { return this.welcomed && this.ws?.readyState === WebSocket.OPEN; }

  start(): void {
    this.wanted = true;
    this.connect();
    if (!this.meterTimer && this.o.meterIntervalMs > 0) {
      this.meterTimer = setInterval(() => this.sendMeter(), this.o.meterIntervalMs);
      this.meterTimer.unref();
    }
  }

  /** Drops the link and stays away until start() again. */
  goOffline(): void {
    this.wanted = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.answerTimer = undefined;
    this.answers = [];
    this.ws?.terminate();
    this.ws = null;
    this.welcomed = false;
  }

  stop(): void {
    this.goOffline();
    if (this.meterTimer) clearInterval(this.meterTimer);
    this.meterTimer = undefined;
    this.untick();
  }

  private connect(): void {
    if (!this.wanted || this.refused) return;
    const urls = typeof this.o.linkUrl === 'string' ? [this.o.linkUrl] : this.o.linkUrl;
    const ws = new WebSocket(urls[this.urlIndex % urls.length]);
    this.ws = ws;
    ws.on('open', () => {
      this.send({ type: 'hello', mac: this.o.mac, key: this.o.key, firmware: 'sim-1.0' });
    });
    ws.on('message', (data) => this.onMessage(data.toString()));
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      const was = this.welcomed;
      this.welcomed = false;
      this.ws = null;
      if (was) this.o.emit?.({ event: 'disconnected', mac: this.o.mac, code });
      if (code === LINK_CLOSE.refused) {
        this.refused = true;
        this.o.emit?.({ event: 'refused', mac: this.o.mac });
        return;
      }
      // Replaced on its current link: another link of this gateway is newer to the service, or an instance took a late
      // hello of a link already gone for the newer one (ADR 0043); coming back (after the pause) settles which.
      if (this.wanted) {
        // Another instance of the service, when there are several: this one may be gone.
        this.urlIndex++;
        this.reconnectTimer = setTimeout(() => this.connect(), this.backoff);
        this.reconnectTimer.unref();
        this.backoff = Math.min(5000, this.backoff * 2);
      }
    });
    ws.on('error', () => { /* the close event follows */ });
  }

  private send(m: GatewayMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private onMessage(raw: string): void {
    let parsed;
    try { parsed = serviceMessageSchema.safeParse(JSON.parse(raw)); } catch { return; }
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === 'welcome') {
      this.welcomed = true;
      this.backoff = 250;
      this.send({ type: 'info', root_mesh_ip: `10.${(this.o.index >> 8) & 255}.${this.o.index & 255}.1`, websocket_port: 8080 });
      this.sendMesh(this.lights);
      this.sendMeter();
      this.o.emit?.({ event: 'connected', mac: this.o.mac });
      return;
    }
    if (m.type === 'programs') {
      this.programs = m.programs;
      this.programsRevision = m.revision;
      this.send({ type: 'programs_ack', revision: m.revision });
      this.o.emit?.({ event: 'programs', mac: this.o.mac, revision: m.revision, count: m.programs.length });
      return;
    }
    if (m.type === 'command') {
      this.o.emit?.({ event: 'command', mac: this.o.mac, id: m.id, attempt: m.attempt, ignored: this.ignoreCommands });
      if (this.ignoreCommands) return;
      const [lo, hi] = this.o.answerDelay;
      const answer = () => {
        const targets = this.lights.filter((l) => m.payload.macs.includes(l.mac_addr));
        const unreachable = targets.filter((l) => !l.connected);
        if (unreachable.length > 0 || targets.length === 0) {
          this.send({ type: 'ack', id: m.id, status: 'rejected', reason: targets.length ? 'light offline' : 'unknown light' });
          return;
        }
        for (const l of targets) l.brightness = m.payload.value;
        this.sendMesh(targets);
        this.send({ type: 'ack', id: m.id, status: 'completed' });
        // The meter sees the step at once (the service's energy holds each reading's power until the next one).
        this.sendMeter();
        this.o.emit?.({ event: 'applied', mac: this.o.mac, id: m.id, value: m.payload.value });
      };
      // No delay asked (the benchmark): at once, not after a timer that waits for the event loop's next turn.
      if (hi <= 0 && this.answers.length === 0) { answer(); return; }
      // Never before an earlier command's answer: the gateway applies them in the order they came, so the last one
      // sent is the brightness the lights keep.
      const delay = lo + Math.round(this.rand() * Math.max(0, hi - lo));
      this.answers.push({ due: Math.max(Date.now() + delay, this.answers.at(-1)?.due ?? 0), run: answer });
      if (!this.answerTimer) this.nextAnswer();
    }
  }

  private nextAnswer(): void {
    const head = this.answers[0];
    if (!head) { this.answerTimer = undefined; return; }
    this.answerTimer = setTimeout(() => {
      this.answers.shift();
      head.run();
      this.nextAnswer();
    }, Math.max(0, head.due - Date.now()));
  }

  private sendMesh(items: Light[]): void {
    for (let i = 0; i < items.length; i += MESH_CHUNK) {
      this.send({ type: 'mesh', items: items.slice(i, i + MESH_CHUNK).map(({ phase: _p, watts: _w, ...rest }) => rest) });
    }
  }

  /**
   * A reading (meter.ts): each phase's voltage drifts a little around 230 V; the current is the power its lights draw
   * (wattage x brightness, only while it is dark in the gateway's time zone) over the voltage. Read at the clock's time.
   */
  sendMeter(): void {
    if (!this.online) return;
    this.send(this.meterReading());
  }

  /** The reading sendMeter sends (the voltage drifts on each call). */
  meterReading(): Extract<GatewayMessage, { type: 'meter' }> {
    this.voltage = this.voltage.map((v) => clamp(v + (this.rand() - 0.5) * 1.6 + (230 - v) * 0.05, 220, 240)) as [number, number, number];
    const at = new Date(this.o.clock.now());
    const voltage = this.voltage.map((v) => round1(v)) as [number, number, number];
    const current = phaseCurrents(this.lights, voltage, isNight(at, this.o.timeZone)).map((c) => Math.round(c * 1000) / 1000) as [number, number, number];
    return { type: 'meter', voltage, current, read_at: at.toISOString() };
  }

  /** Runs every program whose minute passed in (from, to]: all reachable lights to its brightness. */
  private runPrograms(from: number, to: number): void {
    if (this.programs.length === 0) return;
    for (const minute of minutesBetween(from, to, this.o.timeZone)) {
      for (const p of this.programs) {
        if (p.time !== minute.time || !p.days[minute.weekday]) continue;
        const changed = this.lights.filter((l) => l.connected && l.brightness !== p.brightness);
        for (const l of changed) l.brightness = p.brightness;
        this.sendMesh(changed);
        this.sendMeter();
        this.o.emit?.({ event: 'program-run', mac: this.o.mac, program: p.id, time: p.time, brightness: p.brightness, at: new Date(minute.at).toISOString() });
      }
    }
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round1 = (v: number) => Math.round(v * 10) / 10;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
