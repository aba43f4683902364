import { expect } from 'vitest';
import type { TestContext } from './helper.js';

/** A list page as a client sees it: its rows' ids (under `rowsKey`), its Page-Anchor header and its body. */
export interface WalkedPage { ids: string[]; anchor: string | undefined; body: Record<string, unknown> }

export async function getPage(t: TestContext, url: string, rowsKey: string, token = t.tokens[2]): Promise<WalkedPage> {
  const res = await t.call({ method: 'GET', url, token, lang: 'en' });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const body = res.json() as Record<string, unknown>;
  const rows = body[rowsKey] as { _id: string }[];
  return { ids: rows.map((r) => r._id), anchor: res.headers['page-anchor'] as string | undefined, body };
}

/**
 * Anchored pages (ADR 0051): reads every page of `base` by number (and one past the end), then every page from every
 * page's anchor (forwards, backwards, the same page, from the end), and expects each to be the page by number, with
 * the same anchor. Answers the pages by number.
 */
export async function walkAnchoredPages(t: TestContext, base: string, rowsKey: string, size: number, count: number, token = t.tokens[2]): Promise<WalkedPage[]> {
  const pages = Math.ceil(count / size);
  const byOffset: WalkedPage[] = [];
  for (let p = 1; p <= pages + 1; p++) byOffset[p] = await getPage(t, `${base}&pageSize=${size}&page=${p}`, rowsKey, token);
  expect(byOffset.slice(1, pages + 1).flatMap((p) => p.ids)).toHaveLength(count);
  expect(byOffset[pages + 1].ids).toEqual([]);
  for (let a = 1; a <= pages; a++) {
    expect(byOffset[a].anchor, `${base}: page ${a} has an anchor`).toBeTruthy();
    for (let p = 1; p <= pages + 1; p++) {
      const got = await getPage(t, `${base}&pageSize=${size}&page=${p}&anchor=${byOffset[a].anchor}`, rowsKey, token);
      expect(got.ids, `${base}: page ${p} from page ${a}'s anchor`).toEqual(byOffset[p].ids);
      expect(got.anchor).toBe(byOffset[p].anchor);
    }
  }
  return byOffset;
}
