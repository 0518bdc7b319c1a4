import { Random } from './random';
import { companies, gicsSectors, type GicsSector } from './universe';

/**
 * The simulated sell-side: fictional analysts at fictional firms (no real people or firms). Each
 * covers one sector, some a second; their skill differs by sector, so the success rates and grades
 * computed from their ratings spread over the whole scale.
 */
export interface SimAnalyst {
  id: string;
  name: string;
  firm: string;
  /** Probability-like skill per covered sector, 0..1: how often the call's direction is right. */
  skill: Partial<Record<GicsSector, number>>;
  coverage: string[];
  /** Mean trading days between two of the analyst's ratings. */
  cadence: number;
}

const firstNames = [
  'Avery',
  'Blake',
  'Cameron',
  'Dakota',
  'Emerson',
  'Finley',
  'Harper',
  'Jordan',
  'Kendall',
  'Logan',
  'Morgan',
  'Parker',
  'Quinn',
  'Reese',
  'Rowan',
  'Sawyer',
  'Taylor',
  'Skyler',
  'Elliot',
  'Marlowe',
  'Sutton',
  'Lennon',
  'Remy',
  'Hollis',
  'Arden',
  'Ellis',
  'Presley',
  'Sage',
  'Tatum',
  'Wren',
];
const lastNames = [
  'Ashcombe',
  'Brightwater',
  'Calloway',
  'Delacourt',
  'Everly',
  'Fairbanks',
  'Garrowby',
  'Halvorsen',
  'Ingleby',
  'Jessup',
  'Kettering',
  'Lockhart',
  'Marchbank',
  'Northcott',
  'Oakhurst',
  'Pemberton',
  'Quillfeather',
  'Ravensworth',
  'Stanmore',
  'Thistlewood',
  'Underhill',
  'Vantongeren',
  'Wexford',
  'Yardley',
  'Zellweger',
  'Brambleton',
  'Cresswell',
  'Dunmore',
  'Elsworth',
  'Fennimore',
  'Grantham',
  'Holloway',
  'Ivensdale',
  'Kingsbury',
  'Larkspur',
  'Merriweather',
  'Nettleford',
  'Ormsby',
];
const firms = [
  'Harborline Securities',
  'Meridian Ridge Capital',
  'Copperleaf Partners',
  'Northgate Equity Research',
  'Bluefjord Markets',
  'Stonebridge & Vale',
  'Ashgrove Capital Markets',
  'Lanternhill Research',
  'Kestrel Point Advisors',
  'Silverbirch Securities',
  'Tidewater Analytics',
  'Ironwood Brothers',
  'Quarry Lane Partners',
  'Cobalt Harbor Research',
  'Redcliff Equity',
  'Windmere Capital',
  'Granite Arch Securities',
  'Foxglove Research',
  'Beaconsfield Markets',
  'Oakmere Partners',
  'Juniper Crest Capital',
  'Highmoor Securities',
  'Saltmarsh Research',
  'Crownfield & Co.',
];

export const analystCount = 165;

export function buildAnalysts(seed: number): SimAnalyst[] {
  const analysts: SimAnalyst[] = [];
  const used = new Set<string>();
  const stocksBySector = new Map<GicsSector, { ticker: string; weight: number }[]>();
  for (const company of companies) {
    // The bigger the company, the more desks follow it (Apple has dozens, a small cap a few): coverage
    // is drawn with a weight of the square root of the market cap.
    const weight = Math.sqrt(company.price * company.sharesOutstanding);
    stocksBySector.set(company.sector, [
      ...(stocksBySector.get(company.sector) ?? []),
      { ticker: company.ticker, weight },
    ]);
  }
  for (let i = 0; i < analystCount; i++) {
    const random = new Random(seed, 'analyst', i);
    let name = '';
    do name = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
    while (used.has(name));
    used.add(name);
    const primary = gicsSectors[i % gicsSectors.length]!;
    // Skill spread evenly over the population, so every grade from C+ to A+ has analysts.
    const baseSkill = Math.min(0.97, Math.max(0.03, (i * 0.618034) % 1));
    const skill: Partial<Record<GicsSector, number>> = { [primary]: baseSkill };
    const sectorsCovered = [primary];
    if (random.chance(0.3)) {
      const secondary = random.pick(gicsSectors.filter((sector) => sector !== primary));
      skill[secondary] = Math.min(0.97, Math.max(0.03, baseSkill * random.between(0.3, 1.2)));
      sectorsCovered.push(secondary);
    }
    const coverage: string[] = [];
    for (const sector of sectorsCovered) {
      const pool = [...(stocksBySector.get(sector) ?? [])];
      const count = Math.min(pool.length, random.int(8, 18));
      for (let k = 0; k < count; k++) {
        let draw = random.next() * pool.reduce((sum, stock) => sum + stock.weight, 0);
        let at = 0;
        while (at < pool.length - 1 && (draw -= pool[at]!.weight) > 0) at++;
        coverage.push(pool.splice(at, 1)[0]!.ticker);
      }
    }
    analysts.push({
      id: `AN${String(i + 1).padStart(3, '0')}`,
      name,
      firm: random.pick(firms),
      skill,
      coverage,
      cadence: random.between(4, 9),
    });
  }
  return analysts;
}
