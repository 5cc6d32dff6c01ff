// The address step's map, loaded only when shown: Google's when a maps key is set, otherwise the
// built-in SVG map. Each is its own chunk, fetched ahead with preloadMap() (hover or focus of the
// launcher) so that opening draws the map with the rest.
import { Suspense } from 'react';
import { eager } from '../modal/eager.js';
import type { MapView } from './map-types.js';

const UsMap = eager(() => import('./us-map.js').then((m) => m.UsMap));
const GoogleMap = eager(() => import('./google-map.js').then((m) => m.GoogleMap));

export const preloadMap = (mapsKey?: string) => (mapsKey ? GoogleMap : UsMap).preload();

export function MapSlot({ view, mapsKey }: { view: MapView; mapsKey?: string }) {
  return (
    <Suspense fallback={<div className="pd-map" aria-hidden="true" />}>
      {mapsKey ? <GoogleMap view={view} mapsKey={mapsKey} /> : <UsMap view={view} />}
    </Suspense>
  );
}
