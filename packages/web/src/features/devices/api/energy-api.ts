import { queryOptions } from '@tanstack/react-query';
import type { GatewayEnergy } from '@isik/domain';
import { deviceApi } from './device-session';

/**
 * A gateway's energy per day (GET /device-api/gateway/energy/{id}; issue 26) over the last `days` days. Its own key,
 * not under the gateways' live key: every meter reading announces its gateway, and the day's figures move slowly.
 */
export const gatewayEnergyQuery = (id: string, days: number) => queryOptions({
  queryKey: ['gateway-energy', id, days] as const,
  queryFn: ({ signal }) => {
    const to = new Date();
    const from = new Date(to.getTime() - (days - 1) * 86_400_000);
    // Days of the browser's calendar are close enough to the gateway's for choosing a period; the answer names its own.
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    return deviceApi<GatewayEnergy>(`/gateway/energy/${encodeURIComponent(id)}`, { signal, query: { from: day(from), to: day(to) } });
  },
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});
