import { z } from 'zod';

/** A money amount as typed or sent: at most 13 whole digits and 2 decimals, not negative. */
export const MONEY_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
export const MONEY_DECIMALS = 2;

/**
 * Money on the wire: a decimal with at most 2 places, as a number or a string ("350", 350.5, "350.50").
 * The server stores integer minor units; answers carry numbers with at most 2 decimals.
 */
export const MoneyInput = z
  .union([z.number(), z.string().trim()])
  .refine((v) => MONEY_PATTERN.test(typeof v === 'number' ? String(v) : v), {
    message: 'Please enter a valid amount (at most 2 decimals, not negative)',
  })
  .transform((v) => String(v));

/** Energy on the wire in kWh (or m³) with at most 1 decimal; stored in 0.1 units. */
export const EnergyInput = z
  .union([z.number(), z.string().trim()])
  .refine((v) => /^\d{1,12}(\.\d)?$/.test(typeof v === 'number' ? String(v) : v), {
    message: 'Please enter a valid quantity (at most 1 decimal, not negative)',
  })
  .transform((v) => String(v));

/** A percentage with at most 2 decimals, 0–100 (VAT). */
export const PercentInput = z
  .union([z.number(), z.string().trim()])
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(typeof v === 'number' ? String(v) : v) && Number(v) <= 100, {
    message: 'Please enter a percentage from 0 to 100 with at most 2 decimals',
  })
  .transform((v) => String(v));
