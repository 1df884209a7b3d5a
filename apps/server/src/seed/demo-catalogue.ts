import { z } from 'zod';
import catalogueData from './demo-catalogue.json' with { type: 'json' };

/** A tariff block as written in the catalogue: [from kWh, to kWh or null for no end, price in major units per kWh]. */
const Block = z.tuple([z.number(), z.number().nullable(), z.number()]);
const Blocks = z.array(Block);
/** A list the demo draws from or cycles through: never empty. */
const nonEmpty = <T extends z.ZodType>(item: T) => z.tuple([item], item);
const Names = nonEmpty(z.string());
const Text = z.string().nullable();

/**
 * The demo database's fixed content (demo-catalogue.json, checked at load): its stations, the names and
 * streets customers are drawn from, five tariffs (prices in major units) and the item dictionary
 * (item type, item name, then en, ar, es, fr, pt, zh).
 */
export const DEMO_CATALOGUE = z
  .object({
    stations: nonEmpty(z.object({ stationId: z.string(), name: z.string() })),
    firstNames: Names,
    lastNames: Names,
    streets: Names,
    tariffs: z.array(
      z.object({
        tariffId: z.string(),
        tariffName: z.string(),
        price: z.number(),
        monthly: z.number(),
        steps: Blocks,
        /** A passive tariff waiting for its start time (local time). */
        passive: z.object({ startTime: z.string(), price: z.number(), steps: Blocks }).optional(),
      }),
    ),
    items: z.array(z.tuple([z.string(), z.string(), z.string(), Text, Text, Text, Text, Text])),
  })
  .parse(catalogueData);

/** Blocks as stored: energy in 0.1 kWh units, price in minor units per kWh. */
export const storedSteps = (blocks: z.infer<typeof Blocks>) =>
  blocks.map(([start, end, price]) => ({
    start: start * 10,
    end: end === null ? null : end * 10,
    price: price * 100,
  }));
