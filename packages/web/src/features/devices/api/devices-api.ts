import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GATEWAY_PAGE_SIZE, SET_MESH_STATUS, MESH_CID, liveSocketProtocols,
  type Command, type CommandList, type DeviceAccount, type DeviceConfig, type Gateway, type GatewayList, type GatewayMap,
  type DeviceLiveEvent, type GatewayRegisterInput, type Program, type ProgramInput, type SessionUser,
} from '@isik/domain';
import { request } from '../../../lib/http';
import { clearDeviceSession, deviceApi, useDeviceSession } from './device-session';
import { otherKeys, queryKeys } from '../../../lib/query-keys';

/** Keys start with the entity the device socket announces: gateways, gateway_commands, gateway_programs. */
/** The device service's socket (ADR 0024): the entities it announces and the queries each invalidates (kept here, off the first render). */
export const deviceLiveKeys = {
  gateways: otherKeys.gateways,
  gateway_commands: queryKeys.gateway_commands,
  gateway_programs: otherKeys.gateway_programs,
} as const satisfies { readonly [E in DeviceLiveEvent['entity']]: readonly [E] };

/** The queries a device-service event invalidates; null for an entity it does not announce. */
export function deviceLiveEventKey(entity: unknown): readonly [string] | null {
  return typeof entity === 'string' && Object.hasOwn(deviceLiveKeys, entity) ? deviceLiveKeys[entity as DeviceLiveEvent['entity']] : null;
}

export const deviceKeys = {
  config: otherKeys.device_config,
  list: (page: number, search: string) => [...otherKeys.gateways, 'list', { page, search }] as const,
  detail: (id: string) => [...otherKeys.gateways, 'detail', id] as const,
  map: [...otherKeys.gateways, 'map'] as const,
  commands: (id: string) => [...queryKeys.gateway_commands, id] as const,
  programs: (id: string) => [...otherKeys.gateway_programs, id] as const,
  me: [...otherKeys.device_accounts, 'me'] as const,
  accounts: [...otherKeys.device_accounts, 'list'] as const,
};

/** The IoT product's slug and map tiles (open call). */
export const deviceConfigQuery = queryOptions({
  queryKey: deviceKeys.config,
  queryFn: ({ signal }) => request<DeviceConfig>('/device-api/config', { signal }),
  staleTime: Infinity,
  meta: { notifyError: false },
});

export function fetchGateways(page: number, search: string, pageSize = GATEWAY_PAGE_SIZE, signal?: AbortSignal) {
  return deviceApi<GatewayList>('/gateway/list', { signal, query: { page, pageSize, search: search || undefined } });
}

export const gatewayListQuery = (page: number, search: string) => queryOptions({
  queryKey: deviceKeys.list(page, search),
  queryFn: ({ signal }) => fetchGateways(page, search, GATEWAY_PAGE_SIZE, signal),
  placeholderData: keepPreviousData,
  meta: { notifyError: false },
});

export const gatewayQuery = (id: string) => queryOptions({
  queryKey: deviceKeys.detail(id),
  queryFn: ({ signal }) => deviceApi<Gateway>(`/gateway/details/${encodeURIComponent(id)}`, { signal }),
  meta: { notifyError: false },
});

export const gatewayMapQuery = queryOptions({
  queryKey: deviceKeys.map,
  queryFn: ({ signal }) => deviceApi<GatewayMap>('/gateway/map', { signal }),
  meta: { notifyError: false },
});

export const commandsQuery = (id: string) => queryOptions({
  queryKey: deviceKeys.commands(id),
  queryFn: ({ signal }) => deviceApi<CommandList>(`/gateway_commands/list/${encodeURIComponent(id)}`, { signal }),
  meta: { notifyError: false },
});

export const programsQuery = (id: string) => queryOptions({
  queryKey: deviceKeys.programs(id),
  queryFn: ({ signal }) => deviceApi<{ programList: Program[] }>(`/gateway_programs/list/${encodeURIComponent(id)}`, { signal }),
  meta: { notifyError: false },
});

/** The signed-in device account (its admin flag is role 0); a stored token is checked with the service. */
export const deviceMeQuery = (token: string | null) => queryOptions({
  queryKey: [...deviceKeys.me, token],
  queryFn: ({ signal }) => deviceApi<SessionUser>('/auth/verifytoken', { signal }),
  enabled: !!token,
  staleTime: 60_000,
  meta: { notifyError: false },
});

/** Device accounts (the service's admins only; others get 403). */
export const deviceAccountsQuery = queryOptions({
  queryKey: deviceKeys.accounts,
  queryFn: ({ signal }) => deviceApi<{ accountList: DeviceAccount[] }>('/accounts/list', { signal }),
  meta: { notifyError: false },
});

export interface DeviceAccountDraft { email: string; name: string; password: string; admin: boolean; active: boolean }

/** Creates an account, or updates name, admin, active and (when typed) the password of one, checked against `__v`. */
export function useSaveDeviceAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, draft }: { id?: string; version?: number; draft: DeviceAccountDraft }) => id
      ? deviceApi<DeviceAccount>(`/accounts/update/${encodeURIComponent(id)}`, {
        method: 'POST', body: { name: draft.name, admin: draft.admin, active: draft.active, ...(draft.password ? { password: draft.password } : {}), __v: version },
      })
      : deviceApi<DeviceAccount>('/accounts/create', { method: 'POST', body: { email: draft.email, name: draft.name, password: draft.password, admin: draft.admin } }),
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.accounts }),
  });
}

/** Registers a gateway (or gives an existing MAC a new key); the answer carries the key, shown once. */
export function useRegisterGateway() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: GatewayRegisterInput) => deviceApi<{ _id: string; mac_addr: string; key: string; created: boolean }>('/gateway/register', { method: 'POST', body: input }),
    onSettled: () => qc.invalidateQueries({ queryKey: otherKeys.gateways }),
  });
}

/** A brightness command (set_mesh_status, cid 1); on success the history is refreshed (spec 002 4). */
export function useSendBrightness(deviceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ macs, value }: { macs: string[]; value: number }) => deviceApi<Command>('/gateway_commands/create/', {
      method: 'POST', body: { device_id: deviceId, command: SET_MESH_STATUS, payload: { macs, cid: MESH_CID, value: Math.round(value) } },
    }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.commands(deviceId) }),
  });
}

export function useSaveProgram(deviceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id?: string; input: ProgramInput; version?: number }) => id
      ? deviceApi<Program>(`/gateway_programs/update/${encodeURIComponent(id)}`, { method: 'POST', body: { ...input, __v: version } })
      : deviceApi<Program>('/gateway_programs/create', { method: 'POST', body: { ...input, device_id: deviceId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.programs(deviceId) }),
  });
}

export function useRemoveProgram(deviceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deviceApi<{ status: 'ok' }>(`/gateway_programs/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.programs(deviceId) }),
  });
}

/**
 * The device socket (/device-api/ws) while a device screen is open: each event refetches the queries of its
 * entity, so a command's result and a gateway going offline show without reloading. Closed on leaving.
 */
export function useDeviceLive(): void {
  const qc = useQueryClient();
  const token = useDeviceSession((s) => s.token);
  useEffect(() => {
    if (!token) return undefined;
    let ws: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let pending: Set<readonly [string]> | null = null;
    const connect = () => {
      const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      // The token goes in Sec-WebSocket-Protocol, never in the address (addresses are logged).
      ws = new WebSocket(`${proto}//${window.location.host}/device-api/ws`, liveSocketProtocols(token));
      ws.onopen = () => {
        if (attempt > 0) void qc.invalidateQueries({ queryKey: otherKeys.gateways });
        attempt = 0;
      };
      ws.onmessage = (m) => {
        let entity: unknown;
        try { entity = (JSON.parse(String(m.data)) as { entity?: unknown }).entity; } catch { return; }
        const key = deviceLiveEventKey(entity);
        if (!key) return;
        // Meter readings arrive often; one refetch per entity per short moment is enough.
        if (!pending) {
          pending = new Set();
          setTimeout(() => {
            const keys = pending ?? new Set<readonly [string]>();
            pending = null;
            for (const k of keys) void qc.invalidateQueries({ queryKey: k });
          }, 150);
        }
        pending.add(key);
      };
      ws.onclose = (ev) => {
        ws = null;
        if (stopped) return;
        if (ev.code === 4401) { clearDeviceSession(); return; }
        timer = setTimeout(connect, Math.min(15_000, 1000 * 2 ** attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      ws?.close();
    };
  }, [token, qc]);
}
