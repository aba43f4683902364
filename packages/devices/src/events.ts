import { EventEmitter } from 'node:events';
import type { DeviceLiveEvent } from '@isik/domain';

/**
 * The device service's live events, published after each commit and forwarded to the open browsers
 * (/device-api/ws). An instance's own events are also relayed to the other instances (ADR 0043: `relay`, set by the
 * service when it shares its database), whose browsers get them through `receive`.
 */
export class DeviceEvents extends EventEmitter {
  relay?: (e: DeviceLiveEvent) => void;
  publish(e: DeviceLiveEvent): void { this.emit('event', e); this.relay?.(e); }
  /** An event of another instance: told to this instance's listeners only. */
  receive(e: DeviceLiveEvent): void { this.emit('event', e); }
  subscribe(fn: (e: DeviceLiveEvent) => void): () => void {
    this.on('event', fn);
    return () => { this.off('event', fn); };
  }
}
