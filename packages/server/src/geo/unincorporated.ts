// Named places that govern nothing: the county issues their building permits. The data packages we ship
// cannot tell them apart (GeoNames lists a census-designated place like Columbia MD or Paradise NV just as
// it lists an incorporated city), so this table says it. Source: the U.S. Census Bureau's census-designated
// places (CDPs: unincorporated communities, 2020 Census), the largest of each state picked by hand, plus
// the one whole-state fact the data misses: Hawaii has no incorporated place but Honolulu, a consolidated
// city-county, so every other Hawaiian place is its county's. Not listed: New York's hamlets and New
// England's villages, whose town (not county) issues permits, and places where a township does: those are
// townships.ts'.
import { placeKey } from './place-names.js';

/** State code → the CDPs (as GeoNames names them) whose county issues building permits. */
const CENSUS_DESIGNATED_PLACES: Readonly<Record<string, readonly string[]>> = {
  AZ: ['San Tan Valley', 'Casas Adobes', 'Catalina Foothills', 'Drexel Heights', 'Sun City', 'Sun City West', 'Green Valley', 'Flowing Wells', 'Tanque Verde', 'Anthem', 'New River', 'Vail', 'Picture Rocks', 'Fortuna Foothills', 'Saddlebrooke', 'Sun Lakes'],
  CA: [
    'East Los Angeles', 'Altadena', 'Hacienda Heights', 'Rowland Heights', 'Castro Valley', 'Arden-Arcade', 'Carmichael', 'Florin', 'Fair Oaks',
    'Orangevale', 'North Highlands', 'Antelope', 'Rancho San Diego', 'Spring Valley', 'Lakeside', 'Ramona', 'Fallbrook', 'Valinda', 'Ladera Ranch',
    'Isla Vista', 'San Lorenzo', 'Ashland', 'Cherryland', 'Alamo', 'Florence-Graham', 'Willowbrook', 'East San Gabriel', 'West Whittier-Los Nietos',
    'South Whittier', 'View Park-Windsor Hills', 'Ladera Heights', 'Marina del Rey', 'Topanga', 'Stevenson Ranch', 'Valle Vista', 'French Valley',
    'Discovery Bay', 'Bay Point', 'El Sobrante', 'Aptos', 'Soquel', 'Los Osos', 'Nipomo', 'Orcutt', 'Mead Valley', 'Home Gardens',
  ],
  CO: ['Highlands Ranch', 'Security-Widefield', 'Columbine', 'Ken Caryl', 'Clifton', 'Pueblo West', 'Dakota Ridge', 'Cimarron Hills', 'Four Square Mile', 'Stonegate', 'The Pinery', 'Roxborough Park', 'Sherrelwood', 'Welby', 'Derby'],
  FL: [
    'Brandon', 'Riverview', 'Spring Hill', "Town 'n' Country", 'Kendall', 'Kendall West', 'Kendale Lakes', 'The Crossings', 'Three Lakes', 'Sunset',
    'Westchester', 'Olympia Heights', 'Fontainebleau', 'Tamiami', 'The Hammocks', 'Country Walk', 'Richmond West', 'South Miami Heights',
    'Glenvar Heights', 'Coral Terrace', 'Westwood Lakes', 'University Park', 'Palmetto Estates', 'Richmond Heights', 'Ojus', 'Ives Estates',
    'Golden Glades', 'Gladeview', 'Brownsville', 'West Little River', 'Pinewood', 'Leisure City', 'Naranja', 'Goulds', 'Westview', 'Scott Lake',
    'Lehigh Acres', 'Wesley Chapel', 'Poinciana', 'The Villages', 'Palm Harbor', 'East Lake', 'Carrollwood', 'Egypt Lake-Leto', 'Pine Hills',
    'Meadow Woods', 'Horizon West', 'Alafaya', 'Azalea Park', 'Holiday', "Land O' Lakes", 'Bloomingdale', 'Citrus Park', 'Valrico', 'Apollo Beach',
    'Ruskin', 'Sun City Center', 'Lutz', 'Ferry Pass', 'Golden Gate', 'Lealman', 'Bayonet Point', 'Jasmine Estates', 'Palm River-Clair Mel',
    'Kendall Lakes', 'Pine Castle', 'Conway', 'Union Park', 'Fairview Shores', 'Lockhart', 'Hunters Creek', 'Buenaventura Lakes', 'Four Corners',
  ],
  GA: ['Redan', 'Candler-McAfee', 'North Decatur', 'Druid Hills', 'Belvedere Park', 'Gresham Park', 'Panthersville', 'Scottdale', 'Martinez', 'Evans', 'Wilmington Island'],
  LA: ['Metairie', 'Marrero', 'Terrytown', 'Harvey', 'Chalmette', 'Laplace', 'Estelle', 'Waggaman', 'Meraux', 'Prairieville', 'Shenandoah', 'Oak Hills Place', 'Inniswold', 'Merrydale', 'Old Jefferson'],
  MD: [
    'Columbia', 'Germantown', 'Silver Spring', 'Waldorf', 'Ellicott City', 'Glen Burnie', 'Bethesda', 'Dundalk', 'Towson', 'Wheaton', 'Aspen Hill',
    'Potomac', 'Severn', 'Odenton', 'Catonsville', 'Essex', 'Clinton', 'Olney', 'Montgomery Village', 'Pikesville', 'Owings Mills', 'Randallstown',
    'Parkville', 'Severna Park', 'Landover', 'Suitland', 'Fort Washington', 'Oxon Hill', 'Lanham', 'Beltsville', 'Chillum', 'Langley Park',
    'Adelphi', 'Hillcrest Heights', 'Camp Springs', 'Accokeek', 'Brandywine', 'North Bethesda', 'Chevy Chase', 'Burtonsville', 'Fairland',
    'Calverton', 'White Oak', 'Clarksburg', 'Damascus', 'Eldersburg', 'Perry Hall', 'Middle River', 'Rosedale', 'Lutherville', 'Timonium',
    'Cockeysville', 'Reisterstown', 'Arbutus', 'Lansdowne', 'Woodlawn', 'Milford Mill', 'Elkridge', 'Pasadena', 'Arnold', 'Crofton', 'Edgewood',
    'Bel Air South', 'Bel Air North', 'Lexington Park', 'California', 'Saint Charles', 'Largo', 'Mitchellville', 'Kettering', 'Springdale',
    'Greenbelt East', 'Friendly', 'Temple Hills', 'Marlow Heights', 'Coral Hills', 'Walker Mill', 'Bladensburg East', 'Annapolis Neck',
  ],
  NV: ['Paradise', 'Spring Valley', 'Sunrise Manor', 'Enterprise', 'Whitney', 'Winchester', 'Summerlin South', 'Spanish Springs', 'Sun Valley', 'Pahrump', 'Laughlin', 'Moapa Valley', 'Indian Springs'],
  OR: ['Aloha', 'Oak Grove', 'Bethany', 'Cedar Mill', 'Oak Hills', 'Rock Creek', 'West Slope', 'Raleigh Hills', 'Garden Home-Whitford', 'Four Corners', 'Jennings Lodge', 'Clackamas'],
  TX: ['The Woodlands', 'Spring', 'Atascocita', 'Mission Bend', 'Channelview', 'Cinco Ranch', 'Aldine', 'Timberwood Park', 'Pecan Grove', 'Fresno', 'New Territory', 'Cypress', 'Klein', 'Sienna Plantation', 'Greatwood', 'Cloverleaf', 'Sheldon', 'Highlands', 'Barrett', 'Crosby', 'Four Corners', 'Eagle Mountain'],
  VA: [
    'Tysons', 'Tysons Corner', 'Reston', 'Annandale', 'McLean', 'Centreville', 'Burke', 'Springfield', 'Dale City', 'Lake Ridge', 'Chantilly',
    'Oakton', 'Lorton', 'Franconia', 'Mount Vernon', 'Huntington', 'Ashburn', 'Sterling', 'Woodbridge', 'Linton Hall', 'Mechanicsville',
    'Short Pump', 'Tuckahoe', 'Glen Allen', 'Lakeside', 'Chester', 'Bon Air', 'Arlington', "Bailey's Crossroads",
    'Seven Corners', 'Merrifield', 'West Falls Church', 'Idylwood', 'Wolf Trap', 'Great Falls', 'Fair Oaks', 'Fair Lakes', 'Kingstowne',
    'Rose Hill', 'Hybla Valley', 'Groveton', 'Fort Hunt', 'Newington', 'West Springfield', 'North Springfield', 'Lincolnia', 'Bull Run',
    'Montclair', 'Dumfries Triangle', 'Cherry Hill', 'Brambleton', 'Broadlands', 'Lansdowne', 'Cascades', 'Countryside', 'Potomac Falls',
    'South Riding', 'Stone Ridge', 'Lowes Island', 'Laurel', 'Meadowbrook', 'Highland Springs', 'Sandston', 'Ettrick', 'Bensley', 'Hopewell Heights',
  ],
  WA: ['Spanaway', 'Parkland', 'Silverdale', 'Mill Creek East', 'Martha Lake', 'North Creek', 'Bothell East', 'Cottage Lake', 'Fairwood', 'Five Corners', 'Orchards', 'Hazel Dell', 'Salmon Creek', 'Frederickson', 'South Hill', 'Elk Plain', 'Midland', 'Summit', 'Lake Stickney', 'Picnic Point', 'East Hill-Meridian', 'Lakeland North', 'Lakeland South', 'White Center', 'Bryn Mawr-Skyway', 'Mead', 'Town and Country'],
};

/** Hawaii's one incorporated place: every other place there is governed by its county. */
const HAWAII_CITY = 'honolulu';

const keysByState = new Map<string, Set<string>>(
  Object.entries(CENSUS_DESIGNATED_PLACES).map(([state, names]) => [state, new Set(names.map(placeKey))]),
);

/** Whether a named place is unincorporated: its county, not a city of its own, issues permits there. */
export function isUnincorporated(stateCode: string, name: string): boolean {
  const key = placeKey(name);
  if (stateCode === 'HI') return key !== HAWAII_CITY;
  return keysByState.get(stateCode)?.has(key) ?? false;
}
