// Credentials of the demo data that scripts/e2e-server.mjs starts the server with
// (ADMIN_EMAIL / ADMIN_PASSWORD there, SEED_DEMO=true).
//
// The demo seed also creates one user per role:
//   role1@example.com ... role7@example.com, password Demo12345! (role = the digit).
// Roles 0-3 reach the back office; 4-7 may sign in but only see the public area (/web).

export interface Credentials {
  email: string;
  password: string;
  role: number;
}

export const ADMIN: Credentials = { email: 'admin@example.com', password: 'Admin12345!', role: 0 };

export const DEMO_PASSWORD = 'Demo12345!';

/** The seeded demo user of a role: 0 is the admin, 1-7 are role<n>@example.com. */
export function userOfRole(role: number): Credentials {
  if (!Number.isInteger(role) || role < 0 || role > 7) throw new Error(`no demo user for role ${role}`);
  if (role === 0) return ADMIN;
  return { email: `role${role}@example.com`, password: DEMO_PASSWORD, role };
}

export const DEMO_USERS: readonly Credentials[] = [0, 1, 2, 3, 4, 5, 6, 7].map(userOfRole);
