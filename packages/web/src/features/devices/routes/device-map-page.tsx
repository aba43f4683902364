import { Suspense, useMemo, useState } from 'react';
import { Alert, Anchor, Box, Center, CloseButton, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_CENTER, MAP_ZOOM, type GatewayMap } from '@isik/domain';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { deviceConfigQuery, gatewayMapQuery, useDeviceLive } from '../api/devices-api';
import { LazyEnergyChart } from '../components/energy-panel';

/** A star marker drawn inline (no image download): gold for gateways, green or grey for lights. */
function star(color: string, size: number, label: string): L.DivIcon {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" role="img" aria-label="${label}"><path d="M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6z" fill="${color}" stroke="#333" stroke-width="1"/></svg>`;
  return L.divIcon({ html: svg, className: 'device-star', iconSize: [size, size], iconAnchor: [size / 2, size / 2], popupAnchor: [0, -size / 2] });
}

type Point = { key: string; kind: 'gateway' | 'light'; lat: number; lng: number; name: string; status: string; online: boolean; brightness?: number; gatewayId: string };

function points(data: GatewayMap | undefined): Point[] {
  const out: Point[] = [];
  for (const g of data?.gateways ?? []) {
    if (g.map_lat !== null && g.map_lng !== null) out.push({ key: g._id, kind: 'gateway', lat: g.map_lat, lng: g.map_lng, name: g.device_name, status: g.device_status, online: g.device_status === 'online', gatewayId: g._id });
    for (const m of g.mesh_items) {
      if (m.map_lat === null || m.map_lng === null) continue;
      out.push({ key: `${g._id}-${m.mac_addr}`, kind: 'light', lat: m.map_lat, lng: m.map_lng, name: m.name, status: m.connected ? 'active' : 'offline', online: m.connected, brightness: m.brightness, gatewayId: g._id });
    }
  }
  return out;
}

/**
 * /{product}map (spec 002 2.10): a full-screen Leaflet map centred near 39.92, 32.85 at zoom 17, a star for each
 * gateway and each mesh light with coordinates, a popup with name, status and brightness. The tile URL comes
 * from configuration (MAP_TILE_URL); the markers need no tiles, so the map works offline too.
 */
export function DeviceMapPage() {
  const { t } = useTranslation();
  const config = useQuery(deviceConfigQuery).data;
  const query = useQuery(gatewayMapQuery);
  useDeviceLive();
  const pts = useMemo(() => points(query.data), [query.data]);
  // The gateway whose energy the side panel shows (a click on its star).
  const [selected, setSelected] = useState<string | null>(null);
  const gateway = query.data?.gateways.find((g) => g._id === selected);
  const icons = useMemo(() => ({
    gateway: star('#f2b705', 30, t('devices.map.gateway')),
    on: star('#2f9e44', 18, t('devices.map.light')),
    off: star('#adb5bd', 18, t('devices.map.light')),
  }), [t]);

  return (
    // The map takes the page below the header (the shell's header offset, 0 when it is hidden) and the main area's padding.
    <Box
      pos="relative"
      style={{ height: 'calc(100dvh - var(--app-shell-header-offset, 60px) - 2 * var(--mantine-spacing-md))', minHeight: 420, display: 'flex', flexDirection: 'column' }}
    >
      {query.isError && !query.data && <LoadFailedAlert title={t('devices.map.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {config && !config.mapTileUrl && <Alert color="gray" mb="xs">{t('devices.map.noTiles')}</Alert>}
      <MapContainer center={MAP_CENTER} zoom={MAP_ZOOM} style={{ flex: 1, minHeight: 0, width: '100%', background: '#e9ecef', borderRadius: 8 }} data-testid="device-map">
        {config?.mapTileUrl && <TileLayer url={config.mapTileUrl} attribution={config.mapAttribution} maxZoom={19} />}
        {pts.map((p) => (
          <Marker
            key={p.key} position={[p.lat, p.lng]} icon={p.kind === 'gateway' ? icons.gateway : p.online ? icons.on : icons.off} title={p.name} alt={p.name}
            eventHandlers={p.kind === 'gateway' ? { click: () => setSelected(p.gatewayId) } : undefined}
          >
            <Popup>
              <Text fw={600} size="sm">{p.kind === 'gateway' ? t('devices.map.gateway') : t('devices.map.light')}: {p.name}</Text>
              <Text size="sm">{p.kind === 'gateway' ? t(`devices.status.${p.status}`) : p.online ? t('devices.mesh.active') : t('devices.mesh.offline')}</Text>
              {p.brightness !== undefined && <Text size="sm">{t('devices.map.brightness', { value: p.brightness })}</Text>}
              {p.kind === 'gateway' && <Link to={`/devicedetails/${p.gatewayId}`}>{t('devices.details.tabs.info')}</Link>}
            </Popup>
          </Marker>
        ))}
      </MapContainer>
      {gateway && (
        <Paper
          withBorder shadow="md" radius="md" p="sm" data-testid="map-energy-panel"
          style={{ position: 'absolute', top: 10, right: 10, zIndex: 1000, width: 'min(380px, calc(100% - 20px))' }}
        >
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Title order={5}>{t('devices.energy.title')}: {gateway.device_name}</Title>
            <CloseButton aria-label={t('devices.energy.panelClose')} onClick={() => setSelected(null)} />
          </Group>
          <Suspense fallback={<Center h={180}><Loader size="sm" /></Center>}>
            <LazyEnergyChart deviceId={gateway._id} days={7} height={180} />
          </Suspense>
          <Anchor component={Link} to={`/devicedetails/${gateway._id}`} size="sm">{t('devices.energy.details')}</Anchor>
        </Paper>
      )}
    </Box>
  );
}
