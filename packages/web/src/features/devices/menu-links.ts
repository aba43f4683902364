import { DEVICE_SLUG_DEFAULT } from '@isik/domain';
import { registerMenuLink } from '../../lib/routing';

// The menu links to /streetlightmap; /:deviceScreen serves it (and leads on to the configured slug). A module of its
// own so the public entry (ADR 0030), which holds none of the device screens, still shows the link to staff.
registerMenuLink(`/${DEVICE_SLUG_DEFAULT}map`);
