import { Notifications } from '@mantine/notifications';
import { NOTICE_MS } from '@isik/domain';

/** The notices' container (top right, 3 s), loaded after the first render; notices shown before it mounts wait in its store. */
export default function Notices() {
  return <Notifications position="top-right" autoClose={NOTICE_MS} zIndex={2000} />;
}
