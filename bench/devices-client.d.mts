// Types of bench/devices-client.mjs (plain JavaScript, so a worker thread can run it without tsx).
export interface BurstCall { via: number; body: string }
export interface BurstTarget { base: string; token: string }
export interface SendResult { createMs: number[]; createErrors: number; heldBack: number; sentMs: number }
export function sendCalls(o: { targets: BurstTarget[]; calls: BurstCall[]; concurrency: number; rate?: number }): Promise<SendResult>;
