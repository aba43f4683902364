/** The list's last query string (page, search, sort, filter), so Close and the breadcrumb return to the same view. */
let lastListSearch = '';

export function rememberListSearch(search: string): void {
  lastListSearch = search;
}

export function materialsListPath(): string {
  return `/materials${lastListSearch}`;
}
