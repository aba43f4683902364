import { CurrencyMenu } from './currency-menu';
import { ReportsMenu } from './reports-menu';
import { TodoNotifications } from './todo-notifications';

/**
 * The header items of a signed-in user (spec 000 2.3): Reports, rates and to-dos. Loaded lazily by the
 * header so visitors of the public area never download the back office's code (ADR 0018).
 */
export default function BackOfficeTools() {
  return (
    <>
      <ReportsMenu />
      <CurrencyMenu />
      <TodoNotifications />
    </>
  );
}
