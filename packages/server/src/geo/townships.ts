// Towns and townships that issue building permits: New York's towns for their hamlets, Pennsylvania's,
// New Jersey's and Michigan's (charter) townships, and New England's towns for their villages. GeoNames lists
// a hamlet (East Meadow NY) or a census-designated place (King of Prussia PA) just as it lists a city, and no
// data package we ship knows the county subdivisions (the Census's MCDs) they lie in, so this table says it.
// Source: the U.S. Census Bureau's county subdivisions and census-designated places (2020 Census), the most
// populous towns and townships with a building department picked by hand, each place named as GeoNames names
// it (geo.test.ts checks each is there once). A community split between two towns is left out (Levittown PA,
// Holbrook NY): its address decides. Ohio's, Indiana's and Illinois' townships are not here: the county or
// the state issues building permits there.
import { placeKey } from './place-names.js';

export interface Township {
  /** Its name as a government: 'Town of Hempstead', 'Upper Merion Township', 'Township of Edison'. */
  name: string;
  /**
   * The GeoNames place that stands for it in the catalogue (its point, its name in addresses): the place of
   * its own name, else its largest community (the Town of Hempstead's village of Hempstead governs itself).
   */
  seat: string;
  /** GeoNames places inside it that govern nothing: their addresses are the township's. */
  communities: readonly string[];
  /** GeoNames' county code within the state, where the state has other places of these names. */
  county?: string;
}

/** State code → its towns and townships that issue building permits. */
export const TOWNSHIPS: Readonly<Record<string, readonly Township[]>> = {
  NY: [
    {
      name: 'Town of Hempstead', county: '059', seat: 'Levittown',
      communities: [
        'East Meadow', 'Uniondale', 'Elmont', 'Franklin Square', 'Baldwin', 'Oceanside', 'Merrick', 'North Merrick', 'Wantagh', 'North Wantagh',
        'Seaford', 'Roosevelt', 'West Hempstead', 'South Hempstead', 'Bellmore', 'North Bellmore', 'Lakeview', 'Inwood', 'Woodmere', 'Hewlett',
        'North Valley Stream', 'South Valley Stream', 'Salisbury', 'Lido Beach', 'Point Lookout', 'Baldwin Harbor', 'Bay Park', 'Barnum Island',
        'Harbor Isle', 'East Atlantic Beach', 'Garden City South',
      ],
    },
    {
      name: 'Town of Oyster Bay', county: '059', seat: 'Oyster Bay',
      communities: ['Hicksville', 'Massapequa', 'North Massapequa', 'Syosset', 'Plainview', 'Bethpage', 'Old Bethpage', 'Jericho', 'Woodbury', 'Glen Head', 'Locust Valley', 'East Norwich', 'South Farmingdale'],
    },
    {
      name: 'Town of North Hempstead', county: '059', seat: 'Port Washington',
      communities: ['Manhasset', 'Roslyn Heights', 'Carle Place', 'New Cassel', 'Herricks', 'Albertson', 'Manhasset Hills', 'North New Hyde Park', 'Garden City Park', 'Searingtown'],
    },
    {
      name: 'Town of Islip', county: '103', seat: 'Islip',
      communities: ['Brentwood', 'Central Islip', 'Bay Shore', 'North Bay Shore', 'West Islip', 'East Islip', 'Islip Terrace', 'Bohemia', 'Sayville', 'West Sayville', 'Oakdale', 'Great River', 'North Great River', 'Bayport'],
    },
    {
      name: 'Town of Brookhaven', county: '103', seat: 'Brookhaven',
      communities: [
        'Coram', 'Medford', 'Centereach', 'Selden', 'Shirley', 'Mastic', 'Mastic Beach', 'Farmingville', 'Middle Island', 'Ridge', 'Rocky Point',
        'Miller Place', 'Mount Sinai', 'Port Jefferson Station', 'Stony Brook', 'Setauket-East Setauket', 'East Patchogue', 'North Patchogue', 'Yaphank',
        'Gordon Heights', 'North Bellport', 'Sound Beach',
      ],
    },
    {
      name: 'Town of Huntington', county: '103', seat: 'Huntington',
      communities: ['Huntington Station', 'South Huntington', 'Dix Hills', 'Melville', 'East Northport', 'Greenlawn', 'Centerport', 'Cold Spring Harbor', 'Elwood', 'Halesite', 'West Hills'],
    },
    {
      name: 'Town of Babylon', county: '103', seat: 'West Babylon',
      communities: ['Deer Park', 'North Amityville', 'Wyandanch', 'Copiague', 'North Babylon', 'East Farmingdale', 'North Lindenhurst', 'Wheatley Heights'],
    },
    { name: 'Town of Smithtown', county: '103', seat: 'Smithtown', communities: ['Kings Park', 'Saint James', 'Nesconset'] },
    { name: 'Town of Amherst', county: '029', seat: 'Amherst', communities: ['Eggertsville', 'East Amherst'] },
    { name: 'Town of Cheektowaga', county: '029', seat: 'Cheektowaga', communities: [] },
    { name: 'Town of Greece', county: '055', seat: 'Greece', communities: [] },
    { name: 'Town of Irondequoit', county: '055', seat: 'Irondequoit', communities: [] },
    { name: 'Town of Clarkstown', county: '087', seat: 'New City', communities: ['Nanuet', 'Valley Cottage', 'Congers', 'West Nyack', 'Bardonia'] },
    { name: 'Town of Orangetown', county: '087', seat: 'Pearl River', communities: ['Tappan', 'Orangeburg', 'Blauvelt', 'Sparkill'] },
    { name: 'Town of Greenburgh', county: '119', seat: 'Hartsdale', communities: ['Fairview', 'Greenville'] },
  ],
  PA: [
    { name: 'Upper Merion Township', county: '091', seat: 'King of Prussia', communities: [] },
    { name: 'Lower Merion Township', county: '091', seat: 'Ardmore', communities: ['Penn Wynne', 'Bryn Mawr'] },
    { name: 'Cheltenham Township', county: '091', seat: 'Cheltenham', communities: ['Elkins Park', 'Wyncote'] },
    { name: 'Abington Township', county: '091', seat: 'Abington', communities: [] },
    { name: 'Upper Dublin Township', county: '091', seat: 'Fort Washington', communities: ['Dresher'] },
    { name: 'Horsham Township', county: '091', seat: 'Horsham', communities: [] },
    { name: 'Bensalem Township', county: '017', seat: 'Bensalem', communities: [] },
    { name: 'Haverford Township', county: '045', seat: 'Havertown', communities: [] },
    { name: 'Upper Darby Township', county: '045', seat: 'Drexel Hill', communities: [] },
  ],
  NJ: [
    { name: 'Township of Edison', county: '023', seat: 'Edison', communities: [] },
    { name: 'Township of Woodbridge', county: '023', seat: 'Woodbridge', communities: ['Iselin', 'Colonia', 'Fords', 'Avenel', 'Port Reading', 'Sewaren'] },
    { name: 'Township of Piscataway', county: '023', seat: 'Piscataway', communities: [] },
    { name: 'Township of Old Bridge', county: '023', seat: 'Old Bridge', communities: ['Laurence Harbor', 'South Old Bridge'] },
    { name: 'Township of South Brunswick', county: '023', seat: 'Kendall Park', communities: ['Monmouth Junction', 'Dayton'] },
    { name: 'Township of Toms River', county: '029', seat: 'Toms River', communities: [] },
    { name: 'Township of Brick', county: '029', seat: 'Brick', communities: [] },
    { name: 'Township of Lakewood', county: '029', seat: 'Lakewood', communities: [] },
    { name: 'Township of Cherry Hill', county: '007', seat: 'Cherry Hill', communities: ['Cherry Hill Mall', 'Ashland', 'Kingston Estates'] },
    { name: 'Township of Gloucester', county: '007', seat: 'Blackwood', communities: ['Glendora'] },
    { name: 'Township of Pennsauken', county: '007', seat: 'Pennsauken', communities: [] },
    { name: 'Township of Hamilton', county: '021', seat: 'Hamilton Square', communities: ['Mercerville-Hamilton Square', 'Yardville', 'White Horse', 'Groveville'] },
    { name: 'Township of Ewing', county: '021', seat: 'Ewing', communities: [] },
    { name: 'Township of Lawrence', county: '021', seat: 'Lawrenceville', communities: [] },
    { name: 'Township of Middletown', county: '025', seat: 'Middletown', communities: ['North Middletown', 'Belford', 'Leonardo', 'Port Monmouth', 'Navesink', 'Lincroft'] },
    { name: 'Township of Howell', county: '025', seat: 'Ramtown', communities: [] },
    { name: 'Township of Franklin', county: '035', seat: 'Somerset', communities: [] },
    { name: 'Township of Bridgewater', county: '035', seat: 'Bridgewater', communities: ['Martinsville', 'Bradley Gardens', 'Finderne'] },
    { name: 'Township of Parsippany-Troy Hills', county: '027', seat: 'Parsippany', communities: ['Lake Hiawatha'] },
    { name: 'Township of Evesham', county: '005', seat: 'Marlton', communities: [] },
    { name: 'Township of Willingboro', county: '005', seat: 'Willingboro', communities: [] },
    { name: 'Township of Mount Laurel', county: '005', seat: 'Mount Laurel', communities: [] },
    { name: 'Township of Irvington', county: '013', seat: 'Irvington', communities: [] },
    { name: 'Township of Montclair', county: '013', seat: 'Montclair', communities: [] },
    { name: 'Township of West Orange', county: '013', seat: 'West Orange', communities: [] },
    { name: 'Township of Bloomfield', county: '013', seat: 'Bloomfield', communities: [] },
    { name: 'Township of Maplewood', county: '013', seat: 'Maplewood', communities: [] },
    { name: 'Township of Nutley', county: '013', seat: 'Nutley', communities: [] },
    { name: 'Township of Teaneck', county: '003', seat: 'Teaneck', communities: [] },
    { name: 'Township of North Bergen', county: '017', seat: 'North Bergen', communities: [] },
    { name: 'Township of Weehawken', county: '017', seat: 'Weehawken', communities: [] },
    { name: 'Township of Wayne', county: '031', seat: 'Wayne', communities: [] },
  ],
  MI: [
    { name: 'Charter Township of Clinton', county: '099', seat: 'Clinton Township', communities: [] },
    { name: 'Charter Township of Shelby', county: '099', seat: 'Shelby', communities: [] },
    { name: 'Charter Township of Canton', county: '163', seat: 'Canton', communities: [] },
    { name: 'Charter Township of Redford', county: '163', seat: 'Redford', communities: [] },
    { name: 'Charter Township of West Bloomfield', county: '125', seat: 'West Bloomfield Township', communities: [] },
    { name: 'Charter Township of Waterford', county: '125', seat: 'Waterford', communities: [] },
    { name: 'Charter Township of Meridian', county: '065', seat: 'Okemos', communities: ['Haslett'] },
    { name: 'Charter Township of Georgetown', county: '139', seat: 'Jenison', communities: [] },
  ],
  MA: [
    { name: 'Town of Barnstable', county: '001', seat: 'Barnstable', communities: ['Hyannis', 'Centerville', 'Osterville', 'Cotuit', 'Marstons Mills', 'West Barnstable'] },
    { name: 'Town of Yarmouth', county: '001', seat: 'South Yarmouth', communities: ['West Yarmouth', 'Yarmouth Port'] },
  ],
  // Connecticut's GeoNames counties are its planning regions: the names alone are unique in the state.
  CT: [
    { name: 'Town of Greenwich', seat: 'Greenwich', communities: ['Cos Cob', 'Riverside', 'Old Greenwich', 'Byram'] },
    { name: 'Town of Mansfield', seat: 'Storrs', communities: [] },
    { name: 'Town of Vernon', seat: 'Rockville', communities: [] },
    { name: 'Town of Enfield', seat: 'Thompsonville', communities: ['Hazardville'] },
  ],
  RI: [{ name: 'Town of South Kingstown', seat: 'Wakefield-Peacedale', communities: ['Kingston'] }],
};

export interface TownshipPlace {
  name: string;
  stateCode: string;
  countyFips: string;
}

const inCounty = (township: Township, place: TownshipPlace) => !township.county || place.countyFips.slice(2) === township.county;

/** State + name key → the townships with a seat or community of that name. */
const byKey = new Map<string, { township: Township; seat: boolean }[]>();
for (const [stateCode, townships] of Object.entries(TOWNSHIPS)) {
  for (const township of townships) {
    for (const [name, seat] of [[township.seat, true] as const, ...township.communities.map((name) => [name, false] as const)]) {
      const key = `${stateCode}|${placeKey(name)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), { township, seat }]);
    }
  }
}

/** The township a GeoNames place stands for (its seat) or lies in (a community), if the table has it. */
export function townshipOf(place: TownshipPlace): { township: Township; seat: boolean } | undefined {
  return byKey.get(`${place.stateCode}|${placeKey(place.name)}`)?.find((entry) => inCounty(entry.township, place));
}
