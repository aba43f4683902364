/** The catalogue's last query string (page, search, filter, sort), so 'back to the list' returns to the same view. */
let lastListSearch = '';

export function rememberCatalogueSearch(search: string): void {
  lastListSearch = search;
}

export function catalogueListPath(): string {
  return `/web${lastListSearch}`;
}
