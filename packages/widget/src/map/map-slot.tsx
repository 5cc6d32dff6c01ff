// The address step's map, loaded only when shown: Google's when a maps key is set, otherwise the
// built-in SVG map. Each is its own lazily imported chunk.
import { lazy, Suspense } from 'react';
import type { MapView } from './map-types.js';

const UsMap = lazy(() => import('./us-map.js'));
const GoogleMap = lazy(() => import('./google-map.js'));

export function MapSlot({ view, mapsKey }: { view: MapView; mapsKey?: string }) {
  return (
    <Suspense fallback={<div className="pd-map" aria-hidden="true" />}>
      {mapsKey ? <GoogleMap view={view} mapsKey={mapsKey} /> : <UsMap view={view} />}
    </Suspense>
  );
}
