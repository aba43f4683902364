/** The list's last query string (page, search, sort, status), so Close and the breadcrumb return to the same view. */
let lastListSearch = '';

export function rememberListSearch(search: string): void {
  lastListSearch = search;
}

export function offersListPath(): string {
  return `/offers${lastListSearch}`;
}
