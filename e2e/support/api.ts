import { expect, type APIRequestContext } from '@playwright/test';
import type { Credentials } from './fixtures';

/**
 * A caller of the app's API with a bearer token, for making and reading a test's own records
 * (see e2e/README.md). Every call expects a 2xx answer and fails the test with the server's message
 * otherwise, so a broken setup is reported where it happens.
 */
export class Api {
  constructor(readonly request: APIRequestContext, readonly token: string) {}

  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  private async check<T>(method: string, path: string, res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
    const text = await res.text();
    expect(res.ok(), `${method} /api${path} answered ${res.status()}: ${text.slice(0, 500)}`).toBe(true);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async get<T = unknown>(path: string): Promise<T> {
    return this.check<T>('GET', path, await this.request.get(`/api${path}`, { headers: this.headers() }));
  }

  async post<T = unknown>(path: string, data: unknown = {}): Promise<T> {
    return this.check<T>('POST', path, await this.request.post(`/api${path}`, { headers: this.headers(), data }));
  }

  async delete<T = unknown>(path: string): Promise<T> {
    return this.check<T>('DELETE', path, await this.request.delete(`/api${path}`, { headers: this.headers() }));
  }
}

export interface SignInAnswer {
  status: string;
  token: string;
  user: { _id: string; email: string; firstname: string; lastname: string; role: number };
}

/** Signs in through the API (not the page) and answers the token and the user. */
export async function apiSignIn(request: APIRequestContext, user: Pick<Credentials, 'email' | 'password'>): Promise<SignInAnswer> {
  const res = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const body = (await res.json().catch(() => ({}))) as Partial<SignInAnswer> & { explanation?: string; message?: string };
  expect(res.ok() && body.status === 'successful' && typeof body.token === 'string',
    `sign-in of ${user.email} through the API failed (${res.status()}): ${body.explanation ?? body.message ?? ''}`).toBe(true);
  return body as SignInAnswer;
}

// ------------------------------------------------------------------ a test's own records

/** A short tag unique to one test run of one test: put it into every name a test makes, then search by it. */
export function uniqueTag(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toLowerCase();
}

export interface MadeUser extends Credentials { _id: string; firstname: string; lastname: string }

let userSeq = 0;
/** A new active user of a role with a unique e-mail (password `Test12345!`), made by the caller (role 0 or 1). */
export async function createUser(api: Api, opts: { role?: number; firstname?: string; lastname?: string; tag?: string; companyId?: string } = {}): Promise<MadeUser> {
  const role = opts.role ?? 0;
  const tag = opts.tag ?? uniqueTag('u');
  const email = `${tag}.${++userSeq}.r${role}@e2e.example.com`;
  const password = 'Test12345!';
  const body = {
    firstname: opts.firstname ?? 'Test',
    lastname: opts.lastname ?? `Kullanıcı ${tag}`,
    email,
    password,
    role,
    userstate: true,
    ...(opts.companyId ? { usercompany_id: opts.companyId } : {}),
  };
  const made = await api.post<{ _id: string; firstname: string; lastname: string }>('/users/create', body);
  return { _id: made._id, firstname: made.firstname, lastname: made.lastname, email, password, role };
}

export interface MadeCompany { _id: string; company_name: string; company_category: string; __v: number }

/** A company named `<name> <tag>` (city Ankara, a valid e-mail), a customer unless said otherwise. */
export async function createCompany(api: Api, name: string, extra: Record<string, unknown> = {}): Promise<MadeCompany> {
  return api.post<MadeCompany>('/companies/create', {
    company_name: name,
    company_city: 'Ankara',
    company_email: `info@${uniqueTag('c')}.example.com`,
    company_category: 'Customer',
    ...extra,
  });
}

export interface MadeMaterial { _id: string; material_name: string; material_category: string; material_group: string; material_unit: string; __v: number }

export async function createMaterial(api: Api, name: string, extra: Record<string, unknown> = {}): Promise<MadeMaterial> {
  return api.post<MadeMaterial>('/materials/create', {
    material_name: name,
    material_category: 'E2E Kategori',
    material_group: 'E2E Grup',
    material_price: '2',
    ...extra,
  });
}

interface ModelRow { _id: string; model_kodu: string }

/** A seeded model by its code (the demo seed has ISK-ASTRA, ISK-VEGA, ...). */
export async function modelByCode(api: Api, code: string): Promise<ModelRow> {
  const list = await api.get<{ models?: ModelRow[]; modelList?: ModelRow[] } | ModelRow[]>(`/models/list?search=${encodeURIComponent(code)}&pageSize=50`);
  const rows = Array.isArray(list) ? list : list.models ?? list.modelList ?? [];
  const model = rows.find((m) => m.model_kodu === code);
  if (!model) throw new Error(`no model ${code} in the demo data`);
  return model;
}

export interface MadeProduct { _id: string; urun_kodu: string; urun_adi: [string, string]; __v: number }

/** A product of a seeded model, named `<name>` in both languages, with code `<code>`. */
export async function createProduct(api: Api, name: string, code: string, extra: Record<string, unknown> = {}): Promise<MadeProduct> {
  const model = await modelByCode(api, 'ISK-ASTRA');
  return api.post<MadeProduct>('/products/create', {
    urun_adi: [name, name],
    urun_model: model._id,
    urun_kodu: code,
    urun_fiyat: '10',
    ...extra,
  });
}

/** A manual stock entry (giris, fatura) of a product. */
export async function addProductStock(api: Api, productId: string, qty: number | string, price: number | string = 1): Promise<void> {
  await api.post('/productStocks/create', { product_id: productId, operation_type: 'giris', operation_center: 'fatura', qty: String(qty), price: String(price) });
}

/** A manual stock movement of a material. */
export async function addMaterialStock(api: Api, materialId: string, m: { type?: 'giris' | 'cikis'; center?: string; qty: number | string; price?: number | string; description?: string }): Promise<void> {
  await api.post('/stock/create', {
    stock_id: materialId,
    operation_type: m.type ?? 'giris',
    operation_center: m.center ?? 'fatura',
    qty: String(m.qty),
    price: String(m.price ?? 1),
    description: m.description ?? '',
  });
}

/** A model of the test's own (category 0, street lights) with code `code`. */
export async function createModel(api: Api, name: string, code: string, extra: Record<string, unknown> = {}): Promise<ModelRow & { model_adi: [string, string] }> {
  return api.post('/models/create', { model_adi: [name, name], model_kodu: code, model_kategori: 0, ...extra });
}
