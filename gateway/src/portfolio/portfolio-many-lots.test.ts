import { newYorkDate, previousTradingDay } from '@insight/shared/market/calendar';
import { sectors } from '@insight/shared/common/sectors';
import { lastClosedDay } from '@insight/shared/portfolio/etf-move';
import { positionSchema, type Position } from '@insight/shared/portfolio/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import {
  addPositions,
  closeOn,
  fileOf,
  closePositions,
  createFile,
  investor,
  openPositions,
  setQuote,
  startPortfolioApp,
  today,
  tradingDaysBack,
  tradingToday,
} from './portfolio.fixtures';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await startPortfolioApp());
}, 180_000);
afterAll(async () => t?.close());

/** Within a hundredth: a percent rounded from exact decimals against one rounded from doubles. */
const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThanOrEqual(0.0100001);
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The mean of decimal strings to the cent, half up, in integers (millionths): a sum of doubles can
 * land just below a half cent that the exact mean sits on (190.375 read as 190.37499…).
 */
function exactMeanToCents(values: readonly string[]): number {
  const micros = values.reduce((sum, value) => {
    const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
    if (fraction.replace(/0+$/, '').length > 6) throw new Error(`more than 6 decimals: ${value}`);
    const magnitude = BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
    return sum + (value.startsWith('-') ? -magnitude : magnitude);
  }, 0n);
  // mean in millionths = micros / n; cents = round(mean / 10,000), half up (closes are positive).
  const n = BigInt(values.length);
  const cents = (micros * 2n + n * 10_000n) / (n * 20_000n);
  return Number(cents) / 100;
}

/**
 * A file of many lots (the read of issue 14's 500-lot limit is computed per symbol and per entry day):
 * every open position's figures against a computation of its own, in whole cents, from the lots as
 * sent, the quotes as set and the market facts as stored.
 */
describe('open positions of a file of many lots (issue 14)', () => {
  it('answers, lot by lot, the figures an independent computation gives', async () => {
    const user = await investor(t);
    const startBudget = 5_000_000;
    const file = await createFile(user, { start_budget: startBudget, date: tradingDaysBack(30) });

    // Twelve symbols of sectors with an ETF, and one symbol the market does not know of.
    const symbols = (
      await t.app.db
        .selectFrom('companies as c')
        .innerJoin('quotes as q', 'q.symbol', 'c.symbol')
        .select('c.symbol')
        .where('c.kind', '=', 'stock')
        .where(
          'c.sector',
          'in',
          sectors.map((sector) => sector.name),
        )
        .orderBy('c.symbol')
        .limit(12)
        .execute()
    ).map((row) => row.symbol);
    expect(symbols).toHaveLength(12);
    const lastCents = new Map<string, number>();
    for (const [index, symbol] of symbols.entries()) {
      lastCents.set(symbol, 4_000 + 731 * index);
      await setQuote(t, symbol, (4_000 + 731 * index) / 100, round2(index / 7 - 0.8));
    }

    // 180 lots: longs and shorts, entered on ten days (today among them: its ETF base is the last close).
    const days = [tradingToday(), ...Array.from({ length: 9 }, (_, i) => tradingDaysBack(2 + 3 * i))];
    const lots = Array.from({ length: 180 }, (_, i) => ({
      symbol: symbols[i % symbols.length]!,
      type: i % 4 === 0 ? ('Sell' as const) : ('Buy' as const),
      date: days[i % days.length]!,
      entryCents: 2_500 + 37 * (i % 41),
      quantity: 1 + (i % 23),
      notes: `lot ${i}`,
    }));
    const ids: number[] = [];
    for (let from = 0; from < lots.length; from += 90) {
      const response = await addPositions(user, {
        portfolio_id: file.id,
        items: lots.slice(from, from + 90).map((lot) => ({
          type: lot.type,
          symbol: lot.symbol,
          date: lot.date,
          price: (lot.entryCents / 100).toFixed(2),
          quantity: lot.quantity,
          notes: lot.notes,
        })),
      });
      expect(response.status, response.text).toBe(200);
      ids.push(...(response.body.ids as number[]));
    }
    const recordedAt = new Date();

    // Some closed whole, some in part (the closed part becomes a lot of its own), at set prices.
    const closes = lots
      .map((lot, index) => ({ lot, id: ids[index]!, index }))
      .filter(({ index }) => index % 6 === 1)
      .map(({ lot, id, index }) => ({
        id,
        quantity: index % 12 === 1 ? lot.quantity : Math.floor(lot.quantity / 2),
        closeCents: lot.entryCents + 113 * ((index % 5) - 2),
        date: lot.date,
      }))
      .filter((close) => close.quantity > 0);
    const closed = await closePositions(user, {
      portfolio_id: file.id,
      items: closes.map((close) => ({
        id: close.id,
        quantity: close.quantity,
        price: (close.closeCents / 100).toFixed(2),
        date: close.date,
      })),
    });
    expect(closed.status, closed.text).toBe(200);

    // The file in cents: cash is the budget less every entry, plus what each close returned.
    const isLong = (lot: (typeof lots)[number]) => lot.type === 'Buy';
    const valueCents = (lot: (typeof lots)[number], quantity: number, priceCents: number) =>
      isLong(lot) ? quantity * priceCents : quantity * (2 * lot.entryCents - priceCents);
    let cashCents = startBudget * 100;
    for (const lot of lots) cashCents -= lot.quantity * lot.entryCents;
    const openQuantity = new Map(ids.map((id, index) => [id, lots[index]!.quantity]));
    for (const close of closes) {
      const lot = lots[ids.indexOf(close.id)]!;
      cashCents += valueCents(lot, close.quantity, close.closeCents);
      openQuantity.set(close.id, openQuantity.get(close.id)! - close.quantity);
    }
    const open = ids
      .map((id, index) => ({ id, lot: lots[index]!, quantity: openQuantity.get(id)! }))
      .filter((entry) => entry.quantity > 0);
    const aumCents =
      cashCents +
      open.reduce((sum, { lot, quantity }) => sum + valueCents(lot, quantity, lastCents.get(lot.symbol)!), 0);

    // The market facts of each symbol and of its sector's ETF, read here from the stored rows.
    const facts = new Map<
      string,
      { name: string; sector: string; etf: string; earning: string | null; ma50: number; etfNow: number }
    >();
    for (const symbol of symbols) {
      const company = await t.app.db
        .selectFrom('companies')
        .select(['name', 'sector'])
        .where('symbol', '=', symbol)
        .executeTakeFirstOrThrow();
      const etf = sectors.find((sector) => sector.name === company.sector)!.symbol;
      const earning = await t.app.db
        .selectFrom('earnings')
        .select((eb) => eb.fn.min('date').as('date'))
        .where('symbol', '=', symbol)
        .where('date', '>=', today())
        .executeTakeFirst();
      const last50 = await t.app.db
        .selectFrom('daily_bars')
        .select('close')
        .where('symbol', '=', symbol)
        .orderBy('date', 'desc')
        .limit(50)
        .execute();
      const etfQuote = await t.app.db
        .selectFrom('quotes')
        .select('last_price')
        .where('symbol', '=', etf)
        .executeTakeFirstOrThrow();
      facts.set(symbol, {
        name: company.name,
        sector: company.sector!,
        etf,
        earning: (earning?.date as string | null | undefined) ?? null,
        ma50: exactMeanToCents(last50.map((bar) => String(bar.close))),
        etfNow: Number(etfQuote.last_price),
      });
    }
    const etfBase = async (etf: string, entry: string) =>
      closeOn(
        t,
        etf,
        newYorkDate(recordedAt) === entry ? lastClosedDay(recordedAt) : previousTradingDay(entry),
      );

    const { list } = await openPositions(user, file.id);
    // Newest entry first, then the newest lot.
    const expectedOrder = [...open].sort((a, b) =>
      a.lot.date < b.lot.date ? 1 : a.lot.date > b.lot.date ? -1 : b.id - a.id,
    );
    expect(list.map((position) => position.id)).toEqual(expectedOrder.map((entry) => entry.id));
    for (const [index, { id, lot, quantity }] of expectedOrder.entries()) {
      const position = positionSchema.strict().parse(list[index]);
      const fact = facts.get(lot.symbol)!;
      const last = lastCents.get(lot.symbol)!;
      const value = valueCents(lot, quantity, last);
      const cost = quantity * lot.entryCents;
      const dailyChange = round2(symbols.indexOf(lot.symbol) / 7 - 0.8);
      expect(position).toMatchObject({
        id,
        symbol: lot.symbol,
        company: fact.name,
        pos_type: isLong(lot) ? 'Long' : 'Short',
        sector: fact.sector,
        entry_date: { date: lot.date },
        entry: lot.entryCents / 100,
        quantity,
        last_price: last / 100,
        current_val: value / 100,
        earning: fact.earning,
        pl: (value - cost) / 100,
        etf: fact.etf,
        daily_change: dailyChange,
        close_price: null,
        close_date: null,
        notes: lot.notes,
        ma50: fact.ma50,
        editable: true,
      } satisfies Partial<Position>);
      near(position.pl_per, (100 * (value - cost)) / cost);
      near(position.percent_file, (100 * value) / aumCents);
      const base = await etfBase(fact.etf, lot.date);
      near(position.etf_pl_per, (100 * (fact.etfNow - base)) / Math.abs(base));
    }
  }, 120_000);

  it('reads a file afresh after any change of its lots or funds, whoever made it', async () => {
    const user = await investor(t);
    const file = await createFile(user, { start_budget: 100_000, date: tradingDaysBack(10) });
    const symbol = (
      await t.app.db
        .selectFrom('quotes')
        .select('symbol')
        .orderBy('symbol')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).symbol;
    const added = await addPositions(user, {
      portfolio_id: file.id,
      items: [{ type: 'Buy', symbol, date: tradingDaysBack(5), price: '10.00', quantity: 3, notes: 'first' }],
    });
    expect(added.status, added.text).toBe(200);
    expect((await openPositions(user, file.id)).list.map((p) => p.quantity)).toEqual([3]);
    const aumOf = async () => (await fileOf(user, user.userId))!.aum;

    // Written beside the services (a script, another node): the next read sees each change.
    const lotId = added.body.ids[0] as number;
    await t.app.db.updateTable('portfolio_positions').set({ quantity: 7 }).where('id', '=', lotId).execute();
    expect((await openPositions(user, file.id)).list.map((p) => p.quantity)).toEqual([7]);
    const inserted = await t.app.db
      .insertInto('portfolio_positions')
      .values({
        portfolio_id: file.id,
        symbol,
        kind: 'Long',
        entry_date: tradingDaysBack(4),
        entry_price: '11',
        quantity: 2,
        notes: 'beside',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await openPositions(user, file.id)).list.map((p) => p.id).sort()).toEqual(
      [lotId, inserted.id].sort(),
    );
    await t.app.db.deleteFrom('portfolio_positions').where('id', '=', inserted.id).execute();
    expect((await openPositions(user, file.id)).list.map((p) => p.id)).toEqual([lotId]);
    const aumBefore = await aumOf();
    await t.app.db
      .insertInto('portfolio_funds')
      .values({
        portfolio_id: file.id,
        date: tradingDaysBack(1),
        units: 1000,
        unit_price: '1',
        amount: '1000',
        notes: 'beside',
      })
      .execute();
    expect(await aumOf()).toBeCloseTo(aumBefore + 1000, 2);
  });
});
