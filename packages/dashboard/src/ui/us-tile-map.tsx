// A tile-grid map of the US: one square per state, shaded by how many municipalities are covered,
// each a link to the state's municipality list. Light (no geometry), readable and keyboard friendly.
import { US_STATES } from '@permitdesk/core';
import { Link } from 'react-router';

const TILES: Record<string, [number, number]> = {
  AK: [0, 0], ME: [11, 0], VT: [10, 1], NH: [11, 1],
  WA: [1, 2], ID: [2, 2], MT: [3, 2], ND: [4, 2], MN: [5, 2], IL: [6, 2], WI: [7, 2], MI: [8, 2], NY: [9, 2], RI: [10, 2], MA: [11, 2],
  OR: [1, 3], NV: [2, 3], WY: [3, 3], SD: [4, 3], IA: [5, 3], IN: [6, 3], OH: [7, 3], PA: [8, 3], NJ: [9, 3], CT: [10, 3],
  CA: [1, 4], UT: [2, 4], CO: [3, 4], NE: [4, 4], MO: [5, 4], KY: [6, 4], WV: [7, 4], VA: [8, 4], MD: [9, 4], DE: [10, 4],
  AZ: [2, 5], NM: [3, 5], KS: [4, 5], AR: [5, 5], TN: [6, 5], NC: [7, 5], SC: [8, 5], DC: [9, 5],
  OK: [4, 6], LA: [5, 6], MS: [6, 6], AL: [7, 6], GA: [8, 6],
  HI: [0, 7], TX: [4, 7], FL: [9, 7], PR: [11, 7],
};
const SIZE = 46;
const GAP = 4;

const stateName = (code: string) => US_STATES.find((s) => s.value === code)?.label ?? code;

export function UsTileMap({ counts }: { counts: Record<string, number> }) {
  const max = Math.max(1, ...Object.values(counts));
  return (
    <svg viewBox={`0 0 ${12 * (SIZE + GAP)} ${8 * (SIZE + GAP)}`} role="group" aria-label="Map of the United States: municipalities covered per state" style={{ width: '100%', maxWidth: 640 }}>
      {Object.entries(TILES).map(([code, [col, row]]) => {
        const count = counts[code] ?? 0;
        // Lightness from 92% (none) to 30% (the best-covered state).
        const lightness = count === 0 ? 92 : 70 - Math.round((count / max) * 40);
        // The accessible name starts with the visible code (WCAG 2.5.3 label in name).
        const label = `${code}, ${stateName(code)}: ${count.toLocaleString('en-US')} municipalities`;
        return (
          <Link key={code} to={`/us/${code.toLowerCase()}`} aria-label={label}>
            <title>{label}</title>
            <rect x={col * (SIZE + GAP)} y={row * (SIZE + GAP)} width={SIZE} height={SIZE} rx={6} fill={`hsl(208 62% ${lightness}%)`} />
            <text
              x={col * (SIZE + GAP) + SIZE / 2}
              y={row * (SIZE + GAP) + SIZE / 2 + 5}
              textAnchor="middle"
              fontSize="14"
              fontWeight="700"
              fill={lightness < 60 ? '#fff' : '#0a2b49'}
            >
              {code}
            </text>
          </Link>
        );
      })}
    </svg>
  );
}
