export { startFleet, type Fleet, type FleetOptions, type GatewayPlan } from './fleet.js';
export { SimGateway } from './gateway.js';
export { SimClock } from './clock.js';
export { LIGHT_WATTS, isNight, lightPower, phaseCurrents, sunHours } from './meter.js';
export { seeded } from './random.js';
