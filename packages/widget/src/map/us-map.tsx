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

/** The outlines never change: drawn once, and skipped by every later render (same elements). */
const OUTLINES = <g aria-hidden="true">{US_STATES.map(([id, name, d]) => <path key={id} d={d} aria-label={name} />)}</g>;

export function UsMap({ view }: { view: MapView }) {
  const { center, zoom, marker } = view;
  const ref = useStylesheet<HTMLDivElement>(mapCss);
  // The flow hands a new view object on every change of its state: project again only when the
  // centre, zoom or marker moved.
  const drawn = useMemo(() => {
    const k = svgMagnification(zoom);
    const at = marker ? projection([marker.lng, marker.lat]) : null;
    return (
      <svg viewBox={viewBoxFor({ center, zoom, marker }).map((n) => n.toFixed(1)).join(' ')} role="img" aria-labelledby="pd-map-title" focusable="false">
        <title id="pd-map-title">{marker ? 'Map with the job site marked' : 'Map of the United States'}</title>
        {OUTLINES}
        {at ? <circle className="pd-marker" data-marker="" cx={at[0]} cy={at[1]} r={(20 / k).toFixed(2)} /> : null}
      </svg>
    );
  }, [center.lat, center.lng, zoom, marker?.lat, marker?.lng]);
  return (
    <div ref={ref} className="pd-map" data-zoom={zoom} data-center={`${center.lat},${center.lng}`}>
      {drawn}
    </div>
  );
}
export default UsMap;
