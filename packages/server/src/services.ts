import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createAuthService } from './modules/auth/auth-service.js';
import { createUsersService } from './modules/users/users-service.js';
import { createCompaniesService } from './modules/companies/companies-service.js';

/** The one place where services are wired with their dependencies. */
export function createServices({ config, database }: { config: Config; database: Database }) {
  const db = database.db;
  const auth = createAuthService({ db, secret: config.jwtSecret, tokenTtl: config.TOKEN_TTL, maxFailures: config.LOGIN_MAX_FAILURES, lockMinutes: config.LOGIN_LOCK_MINUTES });
  const users = createUsersService({ db, auth, passwordMin: config.PASSWORD_MIN });
  const companies = createCompaniesService({ db });
  return { auth, users, companies };
}
export type Services = ReturnType<typeof createServices>;
