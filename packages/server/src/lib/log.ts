import { logs } from '../db/schema.js';
import { notifyInTx, type Executor } from '../db/database.js';
import type { LiveEvent } from '@isik/domain';

export interface Actor { id: string; name: string; role: number }

export interface LogEntry { title: string; description?: string; form: string; operation_id?: string | null }

/** Writes the audit row and the live event of a change, inside the change's own transaction. */
export async function recordChange(tx: Executor, actor: Actor | null, entry: LogEntry, event: LiveEvent): Promise<void> {
  await tx.insert(logs).values({
    person: actor?.name ?? 'system',
    person_id: actor?.id ?? null,
    title: entry.title,
    description: entry.description ?? '',
    form: entry.form,
    operation_id: entry.operation_id ?? null,
  });
  await notifyInTx(tx, event);
  await notifyInTx(tx, { entity: 'logs', action: 'created' } satisfies LiveEvent);
}
