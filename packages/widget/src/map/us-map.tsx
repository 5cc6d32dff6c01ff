// The built-in map: US state outlines generated at build time (us-atlas, geoAlbersUsa), the view zoomed
// around the centre and the marker placed with the same projection. No tiles, no network.
import { geoAlbersUsa } from 'd3-geo';
import { useMemo } from 'react';
import mapCss from '../styles/us-map.css?raw';
import { useStylesheet } from '../modal/use-stylesheet.js';
import type { MapView } from './map-types.js';
import { US_MAP_PROJECTION, US_MAP_SIZE, US_STATES } from './us-states.generated.js';

const projection = geoAlbersUsa().scale(US_MAP_PROJECTION.scale).translate(US_MAP_PROJECTION.translate);

/**
 * Whole country at zoom 3 (the default view); closer views magnify around the centre: 4× at zoom 6,
 * and at most 10× (state outlines carry no street detail, so more would show an empty box).
 */
export const svgMagnification = (zoom: number): number => Math.min(10, Math.max(1, 2 ** (((zoom - 3) * 2) / 3)));

export function viewBoxFor(view: MapView): [number, number, number, number] {
  const { width, height } = US_MAP_SIZE;
  const k = svgMagnification(view.zoom);
  const at = projection([view.center.lng, view.center.lat]);
  if (k === 1 || !at) return [0, 0, width, height];
  const w = width / k;
  const h = height / k;
  return [at[0] - w / 2, at[1] - h / 2, w, h];
}

export function UsMap({ view }: { view: MapView }) {
  const box = viewBoxFor(view);
  const marker = view.marker ? projection([view.marker.lng, view.marker.lat]) : null;
  const k = svgMagnification(view.zoom);
  const ref = useStylesheet<HTMLDivElement>(mapCss);
  const states = useMemo(() => US_STATES.map(([id, name, d]) => <path key={id} d={d} aria-label={name} />), []);
  return (
    <div ref={ref} className="pd-map" data-zoom={view.zoom} data-center={`${view.center.lat},${view.center.lng}`}>
      <svg viewBox={box.map((n) => n.toFixed(1)).join(' ')} role="img" aria-labelledby="pd-map-title" focusable="false">
        <title id="pd-map-title">{view.marker ? 'Map with the job site marked' : 'Map of the United States'}</title>
        <g aria-hidden="true">{states}</g>
        {marker ? <circle className="pd-marker" data-marker="" cx={marker[0]} cy={marker[1]} r={(20 / k).toFixed(2)} /> : null}
      </svg>
    </div>
  );
}
export default UsMap;
