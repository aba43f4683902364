import type { z } from 'zod';

/** Turns zod issues into { field: messageKey }, first message per field wins. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}
