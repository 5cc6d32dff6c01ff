// The permit task catalogue seeded at first start: what a visitor picks at 'What type of work are you
// doing?'. Inspections are listed in the order they are performed; fees are typical US residential
// amounts in dollars (a base permit fee plus the usual plan review / technology / state surcharges).
export interface TaskTemplate {
  name: string;
  category: string;
  description: string;
  inspections: string[];
  fees: { name: string; amount: number }[];
}

const fees = (permit: number, extra: Record<string, number> = {}) => [
  { name: 'Permit fee', amount: permit },
  ...Object.entries(extra).map(([name, amount]) => ({ name, amount })),
  { name: 'Technology surcharge', amount: Math.round(permit * 0.04 * 100) / 100 },
];

export const TASK_CATALOG: readonly TaskTemplate[] = [
  // Building
  {
    name: 'New Single-Family Construction', category: 'Building',
    description: 'A new detached single-family dwelling, including its foundation, framing, and the trades serving it.',
    inspections: ['Footing / Foundation', 'Underground Plumbing', 'Slab / Under-floor', 'Framing', 'Rough Electrical', 'Rough Plumbing', 'Rough Mechanical', 'Insulation', 'Drywall', 'Final Building'],
    fees: fees(3850, { 'Plan review': 2502.5, 'School impact fee': 4200, 'State building standards fee': 48 }),
  },
  {
    name: 'Room Addition', category: 'Building',
    description: 'Adds conditioned floor area to an existing home: a bedroom, family room or second story.',
    inspections: ['Footing / Foundation', 'Framing', 'Rough Electrical', 'Rough Mechanical', 'Insulation', 'Drywall', 'Final Building'],
    fees: fees(1450, { 'Plan review': 942.5, 'State building standards fee': 12 }),
  },
  {
    name: 'Remodel / Alteration', category: 'Building',
    description: 'Interior alterations such as kitchen or bath remodels, moving or removing walls, and structural repairs.',
    inspections: ['Framing', 'Rough Electrical', 'Rough Plumbing', 'Insulation', 'Final Building'],
    fees: fees(640, { 'Plan review': 416 }),
  },
  {
    name: 'Garage / Carport', category: 'Building',
    description: 'A new detached or attached garage or carport, or the conversion of an existing one.',
    inspections: ['Footing / Foundation', 'Framing', 'Rough Electrical', 'Final Building'],
    fees: fees(780, { 'Plan review': 507 }),
  },
  {
    name: 'Accessory Dwelling Unit (ADU)', category: 'Building',
    description: 'A second, self-contained dwelling on the lot: detached, attached, or a garage conversion.',
    inspections: ['Footing / Foundation', 'Underground Plumbing', 'Framing', 'Rough Electrical', 'Rough Plumbing', 'Rough Mechanical', 'Insulation', 'Drywall', 'Final Building'],
    fees: fees(2100, { 'Plan review': 1365, 'Utility connection fee': 950, 'State building standards fee': 24 }),
  },
  {
    name: 'Windows and Doors', category: 'Building',
    description: 'Replacing windows, exterior doors or sliding doors, including new or enlarged openings.',
    inspections: ['Framing (new openings)', 'Final Building'],
    fees: fees(185),
  },
  {
    name: 'Demolition', category: 'Building',
    description: 'Demolishing a building or structure, with utility disconnects and site clean-up.',
    inspections: ['Utility Disconnect Verification', 'Final Site Clearance'],
    fees: fees(350, { 'Sewer cap inspection': 95 }),
  },
  {
    name: 'Shed / Accessory Structure', category: 'Building',
    description: 'A storage shed, workshop or other accessory building over the exempt size.',
    inspections: ['Footing / Foundation', 'Final Building'],
    fees: fees(145),
  },
  // Electrical
  {
    name: 'Electrical Service Upgrade', category: 'Electrical',
    description: 'Upgrading the main service (for example 100 A to 200 A), meter base or service entrance conductors.',
    inspections: ['Service Rough-In', 'Utility Release', 'Final Electrical'],
    fees: fees(265),
  },
  {
    name: 'Electrical Panel Replacement', category: 'Electrical',
    description: 'Replacing a main or sub panel at the same amperage, including breakers and grounding.',
    inspections: ['Rough Electrical', 'Final Electrical'],
    fees: fees(195),
  },
  {
    name: 'EV Charger Installation', category: 'Electrical',
    description: 'A Level 2 electric vehicle charger with its dedicated circuit.',
    inspections: ['Rough Electrical', 'Final Electrical'],
    fees: fees(155),
  },
  {
    name: 'Standby Generator', category: 'Electrical',
    description: 'A permanently installed standby generator with transfer switch and, if gas-fired, its fuel line.',
    inspections: ['Pad / Setback', 'Rough Electrical', 'Gas Pressure Test', 'Final Electrical'],
    fees: fees(310, { 'Plan review': 95 }),
  },
  {
    name: 'Residential Rewire', category: 'Electrical',
    description: 'Rewiring all or part of a home, adding circuits, outlets or lighting.',
    inspections: ['Rough Electrical', 'Final Electrical'],
    fees: fees(240),
  },
  // Plumbing
  {
    name: 'Whole-House Repipe', category: 'Plumbing',
    description: 'Replacing the water supply piping of a home (copper or PEX), including the main shut-off.',
    inspections: ['Rough Plumbing / Pressure Test', 'Final Plumbing'],
    fees: fees(285),
  },
  {
    name: 'Sewer Lateral Replacement', category: 'Plumbing',
    description: 'Replacing or lining the building sewer from the house to the public main, with cleanouts.',
    inspections: ['Trench / Pipe Bedding', 'Air or Water Test', 'Final Plumbing'],
    fees: fees(325, { 'Right-of-way encroachment': 180 }),
  },
  {
    name: 'Gas Line', category: 'Plumbing',
    description: 'New or extended gas piping for appliances, a range, fireplace, pool heater or generator.',
    inspections: ['Rough Gas / Pressure Test', 'Final Gas'],
    fees: fees(165),
  },
  {
    name: 'Water Heater Replacement', category: 'Plumbing',
    description: 'Replacing a tank or tankless water heater, with venting, seismic straps and expansion tank.',
    inspections: ['Final Plumbing'],
    fees: fees(95),
  },
  // Mechanical / HVAC
  {
    name: 'Furnace Replacement', category: 'Mechanical',
    description: 'Replacing a gas or electric furnace, including venting and the gas connection.',
    inspections: ['Rough Mechanical', 'Final Mechanical'],
    fees: fees(175),
  },
  {
    name: 'AC / Heat Pump Installation', category: 'Mechanical',
    description: 'A new or replacement central air conditioner, heat pump or mini-split system.',
    inspections: ['Rough Mechanical', 'Electrical Disconnect', 'Final Mechanical'],
    fees: fees(210, { 'Energy compliance review': 65 }),
  },
  {
    name: 'Ductwork', category: 'Mechanical',
    description: 'New or replacement duct systems, with duct leakage testing where the energy code requires it.',
    inspections: ['Rough Duct', 'Duct Leakage Test', 'Final Mechanical'],
    fees: fees(145),
  },
  // Roofing
  {
    name: 'Re-Roof', category: 'Roofing',
    description: 'Removing and replacing the roof covering, with underlayment and sheathing repairs.',
    inspections: ['Sheathing / Tear-Off', 'Mid-Roof / Underlayment', 'Final Roofing'],
    fees: fees(395),
  },
  {
    name: 'Roof Repair', category: 'Roofing',
    description: 'Repairing a section of roof covering or structure beyond routine maintenance.',
    inspections: ['Final Roofing'],
    fees: fees(150),
  },
  // Solar and storage
  {
    name: 'Solar PV System', category: 'Solar',
    description: 'A roof- or ground-mounted photovoltaic system with inverter(s) and interconnection.',
    inspections: ['Rough Electrical / Attachments', 'Final Electrical', 'Utility Interconnection Release'],
    fees: fees(450, { 'Plan review': 150 }),
  },
  {
    name: 'Battery Energy Storage', category: 'Solar',
    description: 'A residential battery storage system, alone or with solar, including its disconnects.',
    inspections: ['Rough Electrical', 'Final Electrical'],
    fees: fees(320, { 'Fire department review': 125 }),
  },
  // Site and outdoor work
  {
    name: 'Fence', category: 'Site Work',
    description: 'A new or replacement fence or masonry wall over the height exempt from permit.',
    inspections: ['Post Hole / Footing', 'Final'],
    fees: fees(110),
  },
  {
    name: 'Deck', category: 'Site Work',
    description: 'A new or rebuilt deck, balcony or porch, attached or free-standing.',
    inspections: ['Footing', 'Framing', 'Final Building'],
    fees: fees(325, { 'Plan review': 211.25 }),
  },
  {
    name: 'Swimming Pool / Spa', category: 'Site Work',
    description: 'An in-ground pool or spa with its equipment, bonding and safety barrier.',
    inspections: ['Pre-Gunite / Steel and Bonding', 'Underground Electrical and Plumbing', 'Pre-Plaster / Barrier', 'Final Pool'],
    fees: fees(1150, { 'Plan review': 747.5 }),
  },
  {
    name: 'Retaining Wall', category: 'Site Work',
    description: 'A retaining wall over four feet or one that supports a surcharge such as a driveway.',
    inspections: ['Footing / Steel', 'Drainage', 'Final'],
    fees: fees(420, { 'Plan review': 273 }),
  },
  {
    name: 'Driveway / Flatwork', category: 'Site Work',
    description: 'A driveway, apron, walkway or patio slab, including any curb cut in the right of way.',
    inspections: ['Forms / Base', 'Final'],
    fees: fees(135, { 'Right-of-way encroachment': 180 }),
  },
  {
    name: 'Grading', category: 'Site Work',
    description: 'Excavation, fill and grading of a lot, with erosion control and drainage.',
    inspections: ['Pre-Grading / Erosion Control', 'Rough Grade', 'Final Grade'],
    fees: fees(480, { 'Plan review': 312 }),
  },
  {
    name: 'Tree Removal', category: 'Site Work',
    description: 'Removing a protected or heritage tree, or a tree in the public right of way.',
    inspections: ['Arborist Site Visit', 'Replacement Planting'],
    fees: fees(85),
  },
  // Signs
  {
    name: 'Sign', category: 'Sign',
    description: 'A wall, monument or projecting sign, illuminated or not.',
    inspections: ['Footing (monument signs)', 'Electrical (illuminated signs)', 'Final Sign'],
    fees: fees(225, { 'Zoning review': 75 }),
  },
];
