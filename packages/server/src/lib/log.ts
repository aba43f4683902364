import { translate, type LiveEvent, type LogTextKey, type LogTitleKey } from '@isik/domain';
import { logs } from '../db/schema.js';
import { notifyInTx, type Executor } from '../db/database.js';

export interface Actor { id: string; name: string; role: number }

/**
 * A log row: its title is a message key (shown in the reader's language; stored in Turkish as well for
 * spec 000 2.5 readers). A description that carries units or operation centres is a `descriptionKey` with
 * its values, rebuilt in the reader's language; any other description is stored as it is.
 */
export interface LogEntry {
  title: LogTitleKey;
  description?: string;
  descriptionKey?: LogTextKey;
  values?: Record<string, string | number>;
  form: string;
  operation_id?: string | null;
}

/** Writes the audit row and the live event of a change, inside the change's own transaction. */
export async function recordChange(tx: Executor, actor: Actor | null, entry: LogEntry, event: LiveEvent): Promise<void> {
  const params = Object.fromEntries(Object.entries(entry.values ?? {}).map(([k, v]) => [k, String(v)]));
  await tx.insert(logs).values({
    person: actor?.name ?? 'system',
    person_id: actor?.id ?? null,
    title: translate(entry.title, 'tr'),
    title_key: entry.title,
    description: entry.descriptionKey ? translate(entry.descriptionKey, 'tr', params) : entry.description ?? '',
    description_key: entry.descriptionKey ?? null,
    params,
    form: entry.form,
    operation_id: entry.operation_id ?? null,
  });
  await notifyInTx(tx, event);
  await notifyInTx(tx, { entity: 'logs', action: 'created' } satisfies LiveEvent);
}
