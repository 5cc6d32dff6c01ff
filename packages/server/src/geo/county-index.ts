// Which county contains a point: the Census county polygons of us-atlas, with a grid of bounding
// boxes so that a lookup tests only the few counties near the point (built once per process).
import { US_STATES } from '@permitdesk/core';
import { geoBounds, geoCentroid, geoContains } from 'd3-geo';
import { feature } from 'topojson-client';
import { countiesTopology } from './sources.js';

type GeoFeature = Parameters<typeof geoContains>[0];

export interface CountyShape {
  /** Five-digit FIPS code: state '06' + county '037'. */
  fips: string;
  /** Two-letter state code, or null for a territory our state list does not name the same way. */
  stateCode: string | null;
  /** Census name without suffix ('Los Angeles'). */
  name: string;
}

interface IndexedShape extends CountyShape {
  /** The polygon, compact (issue 17): see packPolygons. */
  polygons: PackedPolygons;
  /** Bounding box [west, south, east, north]: a cheap test before the spherical one. */
  box: [number, number, number, number];
}

/**
 * A county's (Multi)Polygon without the GeoJSON arrays of arrays (a few MB of small arrays for 3,000
 * counties): its coordinates in one Float64Array (lon, lat, lon, lat...), the point count of each ring,
 * and the ring count of each polygon. unpackPolygons gives back the very same numbers, so geoContains
 * answers exactly as on the original feature.
 */
interface PackedPolygons {
  multi: boolean;
  coordinates: Float64Array;
  ringLengths: Uint32Array;
  polygonRings: Uint32Array;
}

type Ring = number[][];

function packPolygons(geometry: { type: string; coordinates: unknown }): PackedPolygons {
  const multi = geometry.type === 'MultiPolygon';
  if (!multi && geometry.type !== 'Polygon') throw new Error(`county geometry ${geometry.type} is not a polygon`);
  const polygons = (multi ? geometry.coordinates : [geometry.coordinates]) as Ring[][];
  const rings = polygons.flat();
  const coordinates = new Float64Array(rings.reduce((sum, ring) => sum + ring.length * 2, 0));
  let at = 0;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      coordinates[at++] = x!;
      coordinates[at++] = y!;
    }
  }
  return { multi, coordinates, ringLengths: Uint32Array.from(rings, (ring) => ring.length), polygonRings: Uint32Array.from(polygons, (polygon) => polygon.length) };
}

function unpackPolygons(packed: PackedPolygons): GeoFeature {
  const polygons: Ring[][] = [];
  let ring = 0;
  let at = 0;
  for (const ringCount of packed.polygonRings) {
    const polygon: Ring[] = [];
    for (let r = 0; r < ringCount; r++, ring++) {
      const points: Ring = [];
      for (let p = 0; p < packed.ringLengths[ring]!; p++, at += 2) points.push([packed.coordinates[at]!, packed.coordinates[at + 1]!]);
      polygon.push(points);
    }
    polygons.push(polygon);
  }
  return (packed.multi ? { type: 'MultiPolygon', coordinates: polygons } : { type: 'Polygon', coordinates: polygons[0] }) as GeoFeature;
}

export interface CountyIndex {
  countyAt(latitude: number, longitude: number): CountyShape | null;
  /** FIPS → the county's Census name and the centroid of its polygon. */
  shapes: ReadonlyMap<string, CountyShape & { latitude: number; longitude: number }>;
  /** State FIPS ('06') → state code ('CA'). */
  stateCodeByFips: ReadonlyMap<string, string>;
}

/** Grid cells of a quarter degree: few counties share one, so a lookup tests two or three polygons. */
const CELLS_PER_DEGREE = 4;
const cell = (degrees: number) => Math.floor(degrees * CELLS_PER_DEGREE);
const cellKey = (lon: number, lat: number) => `${cell(lon)}:${cell(lat)}`;

export function buildCountyIndex(): CountyIndex {
  const topology = countiesTopology();
  const codeByName = new Map<string, string>(US_STATES.map((state) => [state.label, state.value]));
  const states = feature(topology, topology.objects.states as never) as unknown as {
    features: { id: string; properties: { name: string } }[];
  };
  const stateCodeByFips = new Map<string, string>();
  for (const state of states.features) {
    const code = codeByName.get(state.properties.name);
    if (code) stateCodeByFips.set(String(state.id), code);
  }

  const counties = feature(topology, topology.objects.counties as never) as unknown as {
    features: (GeoFeature & { id: string; properties: { name: string }; geometry: { type: string; coordinates: unknown } })[];
  };
  const shapes = new Map<string, CountyShape & { latitude: number; longitude: number }>();
  const grid = new Map<string, IndexedShape[]>();
  const everywhere: IndexedShape[] = [];
  for (const county of counties.features) {
    const fips = String(county.id);
    const [[x0, y0], [x1, y1]] = geoBounds(county);
    const shape: IndexedShape = {
      fips,
      stateCode: stateCodeByFips.get(fips.slice(0, 2)) ?? null,
      name: county.properties.name,
      polygons: packPolygons(county.geometry),
      box: [x0, y0, x1, y1],
    };
    const [longitude, latitude] = geoCentroid(county);
    shapes.set(fips, { fips, stateCode: shape.stateCode, name: shape.name, latitude, longitude });
    // A county across the antimeridian (the Aleutians) has x0 > x1: test it for every point.
    if (x0 > x1) {
      everywhere.push(shape);
      continue;
    }
    for (let lon = cell(x0); lon <= cell(x1); lon++) {
      for (let lat = cell(y0); lat <= cell(y1); lat++) {
        const key = `${lon}:${lat}`;
        const cell = grid.get(key);
        if (cell) cell.push(shape);
        else grid.set(key, [shape]);
      }
    }
  }

  return {
    stateCodeByFips,
    shapes,
    countyAt(latitude, longitude) {
      const inBox = (shape: IndexedShape) => {
        const [x0, y0, x1, y1] = shape.box;
        return latitude >= y0 && latitude <= y1 && (x0 > x1 || (longitude >= x0 && longitude <= x1));
      };
      const candidates = [...(grid.get(cellKey(longitude, latitude)) ?? []), ...everywhere];
      const hit = candidates.find((shape) => inBox(shape) && geoContains(unpackPolygons(shape.polygons), [longitude, latitude]));
      return hit ? { fips: hit.fips, stateCode: hit.stateCode, name: hit.name } : null;
    },
  };
}
