import { EventEmitter } from 'node:events';
import type { DeviceLiveEvent } from '@isik/domain';

/**
 * The device service's live events, published after each commit and forwarded to the open browsers
 * (/device-api/ws). In-process: gateways keep one link to one service instance (ADR 0024).
 */
export class DeviceEvents extends EventEmitter {
  publish(e: DeviceLiveEvent): void { this.emit('event', e); }
  subscribe(fn: (e: DeviceLiveEvent) => void): () => void {
    this.on('event', fn);
    return () => { this.off('event', fn); };
  }
}
