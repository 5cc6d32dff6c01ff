// The built-in map: the US outlines, the zoom levels of SPEC §2.5 and the marker placed with the same
// projection the outlines were generated with.
import { geoAlbersUsa } from 'd3-geo';
import { expect, it } from 'vitest';
import { svgMagnification, viewBoxFor } from './us-map.js';
import { US_MAP_PROJECTION, US_MAP_SIZE, US_STATES } from './us-states.generated.js';

const projection = geoAlbersUsa().scale(US_MAP_PROJECTION.scale).translate(US_MAP_PROJECTION.translate);

it('has the 50 states and DC (territories outside the projection are left out)', () => {
  const names = US_STATES.map(([, name]) => name);
  for (const name of ['California', 'Texas', 'Alaska', 'Hawaii', 'District of Columbia', 'Maine']) expect(names).toContain(name);
  expect(names.length).toBeGreaterThanOrEqual(51);
});

it('shows the whole country at zoom 3 and magnifies around the centre at 6 and 12', () => {
  expect(viewBoxFor({ center: { lat: 39.83, lng: -98.59 }, zoom: 3, marker: null })).toEqual([0, 0, US_MAP_SIZE.width, US_MAP_SIZE.height]);
  expect(svgMagnification(6)).toBe(4);
  expect(svgMagnification(12)).toBe(10);
  const pasadena = { lat: 34.1478, lng: -118.1445 };
  const [x, y, w, h] = viewBoxFor({ center: pasadena, zoom: 12, marker: pasadena });
  const point = projection([pasadena.lng, pasadena.lat])!;
  expect(w).toBeCloseTo(US_MAP_SIZE.width / 10);
  expect(h).toBeCloseTo(US_MAP_SIZE.height / 10);
  expect(x + w / 2).toBeCloseTo(point[0]);
  expect(y + h / 2).toBeCloseTo(point[1]);
  // Pasadena is in southern California: left half, lower half of the map.
  expect(point[0]).toBeLessThan(US_MAP_SIZE.width / 4);
  expect(point[1]).toBeGreaterThan(US_MAP_SIZE.height / 2);
});
