import { CurrencyDropdown } from '../../features/rates/components/currency-dropdown';

/** Header item (spec 000 2.3): the central-bank rates dropdown of the rates feature. */
export function CurrencyMenu() {
  return <CurrencyDropdown />;
}
