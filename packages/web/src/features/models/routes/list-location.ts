/** The list's last query string (page, size, search, sort, category), so Close and the breadcrumb return to the same view. */
let lastSearch = '';

export function rememberModelsSearch(search: string): void {
  lastSearch = search;
}

export function modelsListPath(): string {
  return `/models${lastSearch}`;
}
