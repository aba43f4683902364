/**
 * To-dos, logs, the dashboard's counts and today's tables, and the public catalogue's offer request
 * (spec 000 2.3, 2.5, 3, 7; 001 2.8; DECISIONS 3, 4, 7, 9): the contracts both sides use.
 */
import { z } from 'zod';
import { EMAIL_RE } from './common.js';
import { wholeNumberField } from './decimal-input.js';

// ------------------------------------------------------------------ to-dos

export const TODO_LIST_LIMIT = 100;
export const TODO_TASK_MAX = 1000;
/** The office's to-dos (public offer requests) are for roles up to this level. */
export const OFFICE_TODO_ROLE = 2;

export const todoSchema = z.object({
  _id: z.string(),
  person: z.string(),
  person_id: z.string().nullable(),
  /** Set when the to-do is for 'the office' (every user of this role level or more privileged). */
  for_role: z.number().nullable(),
  date: z.string(),
  task: z.string(),
  link: z.string(),
  read: z.boolean(),
  created_by: z.string(),
  /** The signed-in user may delete it (its creator, or role <= 1). */
  canDelete: z.boolean(),
});
export type Todo = z.infer<typeof todoSchema>;

export const todoListSchema = z.object({ Todolist: z.array(todoSchema), unread: z.number() });
export type TodoList = z.infer<typeof todoListSchema>;

/** Links are paths inside the app: never another site or a script. */
const appLink = z.string().trim().max(300, { error: 'error.tooLong' })
  .refine((v) => v === '' || (/^\/[^/\\]/.test(v) && !/\s/.test(v)), { error: 'todo.link.invalid' });

export const todoInputSchema = z.object({
  person_id: z.string({ error: 'todo.person.required' }).trim().min(1, { error: 'todo.person.required' }).max(64, { error: 'error.tooLong' }),
  task: z.string({ error: 'todo.task.required' }).trim().min(1, { error: 'todo.task.required' }).max(TODO_TASK_MAX, { error: 'error.tooLong' }),
  link: appLink.optional().default(''),
});
export type TodoInput = z.input<typeof todoInputSchema>;

export const todoReadSchema = z.object({ read: z.boolean({ error: 'error.invalidType' }).optional().default(true) });

export const todoPersonSchema = z.object({ _id: z.string(), name: z.string(), role: z.number() });
export type TodoPerson = z.infer<typeof todoPersonSchema>;
/** GET /todo/people. */
export const todoPeopleSchema = z.object({ people: z.array(todoPersonSchema) });
export type TodoPeople = z.infer<typeof todoPeopleSchema>;

// ------------------------------------------------------------------ logs and today's material use

export const logSchema = z.object({
  _id: z.string(),
  date: z.string(),
  person: z.string(),
  /** The title in Turkish, as stored (spec 000 2.5); `title_key` is its message key (null on rows older than keys). */
  title: z.string(),
  title_key: z.string().nullable(),
  /** The description in Turkish; when `description_key` is set it is rebuilt in the reader's language from `params`. */
  description: z.string(),
  description_key: z.string().nullable(),
  params: z.record(z.string(), z.string()),
  form: z.string(),
  operation_id: z.string().nullable(),
});
export type LogEntryOut = z.infer<typeof logSchema>;
/** GET /logs/list/{date}. */
export const logListSchema = z.object({ logs: z.array(logSchema) });
export type LogList = z.infer<typeof logListSchema>;

export const stockOutSchema = z.object({
  _id: z.string(),
  operation_date: z.string(),
  stock_id: z.string(),
  stock_name: z.string(),
  stock_category: z.string(),
  stock_group: z.string(),
  qty: z.number(),
  unit: z.string(),
  productname: z.string(),
  product_id: z.string().nullable(),
  order_id: z.string().nullable(),
  orderitem_id: z.string().nullable(),
  operation_center: z.string(),
  description: z.string(),
});
export type StockOut = z.infer<typeof stockOutSchema>;
/** GET /stock/outlist/{date}. */
export const stockOutListSchema = z.object({ stock: z.array(stockOutSchema) });
export type StockOutList = z.infer<typeof stockOutListSchema>;

// ------------------------------------------------------------------ dashboard

export const dashboardCountsSchema = z.object({
  products: z.number(),
  offers: z.number(),
  orders: z.number(),
  orderItems: z.number(),
  companies: z.number(),
  users: z.number(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

// ------------------------------------------------------------------ public offer request (DECISIONS 9)

export const OFFER_REQUEST_MESSAGE_MAX = 2000;
export const OFFER_REQUEST_QTY_MAX = 1_000_000;
/** Per IP address: this many requests in the window, then 429. */
export const OFFER_REQUEST_LIMIT = 5;
export const OFFER_REQUEST_WINDOW_MS = 10 * 60 * 1000;
/** The field bots fill in and people never see. */
export const OFFER_REQUEST_HONEYPOT = 'website';

const opt = (max: number) => z.string({ error: 'error.invalidType' }).trim().max(max, { error: 'error.tooLong' }).optional().default('');

export const offerRequestSchema = z.object({
  productId: z.string({ error: 'offerRequest.product.required' }).trim().min(1, { error: 'offerRequest.product.required' }).max(64, { error: 'error.tooLong' }),
  lang: z.enum(['tr', 'en'], { error: 'error.invalidType' }).optional().default('tr'),
  /** The product code the page showed; informative only (the server reads the product itself). */
  urun_kodu: opt(100),
  name: z.string({ error: 'offerRequest.name.required' }).trim().min(2, { error: 'offerRequest.name.required' }).max(120, { error: 'error.tooLong' }),
  company: opt(200),
  email: z.string({ error: 'offerRequest.email.required' }).trim().min(1, { error: 'offerRequest.email.required' }).max(200, { error: 'error.tooLong' })
    .regex(EMAIL_RE, { error: 'offerRequest.email.invalid' }),
  phone: opt(40).refine((v) => v === '' || /^\+?[\d\s()./-]{5,25}$/.test(v), { error: 'offerRequest.phone.invalid' }),
  quantity: wholeNumberField({ key: 'offerRequest.quantity.invalid', label: 'qty', min: 1, max: OFFER_REQUEST_QTY_MAX }),
  message: opt(OFFER_REQUEST_MESSAGE_MAX),
  [OFFER_REQUEST_HONEYPOT]: z.string().max(500).optional(),
});
export type OfferRequestInput = z.input<typeof offerRequestSchema>;

export const offerRequestResultSchema = z.object({ ok: z.literal(true), offerNo: z.string() });
export type OfferRequestResult = z.infer<typeof offerRequestResultSchema>;

/** Offer numbers: 'TKF-2026-0001', sequential per year (DECISIONS 4). */
export const OFFER_NO_PREFIX = 'TKF';
export function formatOfferNo(year: number, seq: number): string {
  return `${OFFER_NO_PREFIX}-${year}-${String(seq).padStart(4, '0')}`;
}
