import { z } from 'zod';

/** Modules of the permission grid in the user modal; write and delete are enforced per module. */
export const MODULES = ['users', 'companies', 'catalogue', 'stock', 'offers', 'orders', 'buying', 'deliveries', 'devices'] as const;
export type Module = (typeof MODULES)[number];
export const ACTIONS = ['read', 'write', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const modulePermissionSchema = z.object({ read: z.boolean(), write: z.boolean(), delete: z.boolean() });
export const permissionsSchema = z.partialRecord(z.enum(MODULES), modulePermissionSchema);
export type Permissions = z.infer<typeof permissionsSchema>;

/** Without an entry for a module everything allowed by the role is allowed. */
export function hasModulePermission(perms: Permissions | null | undefined, module: Module, action: Action): boolean {
  const p = perms?.[module];
  if (!p) return true;
  return p[action];
}

export function fullPermissions(): Required<Permissions> {
  return Object.fromEntries(MODULES.map((m) => [m, { read: true, write: true, delete: true }])) as Required<Permissions>;
}
