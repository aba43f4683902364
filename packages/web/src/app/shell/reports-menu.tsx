/** Header item (spec 000 2.3); filled in by its issue's work. */
export function ReportsMenu() {
  return null;
}
