import { z } from 'zod';

/** docs/api.md: every success answer is `{ status: true, message, data }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string(), data });

export type SuccessEnvelope<T> = { status: true; message: string; data: T };

/** docs/api.md: every failure answer is `{ status: false, message }`, with field errors on 422. */
export const FailureEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  data: z
    .object({ errors: z.record(z.string(), z.array(z.string())).optional() })
    .catchall(z.unknown())
    .optional(),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelope>;

/** The last page a list serves: past it, no company has anything, and offsets stay small. */
export const MAX_PAGE = 10_000;

/** docs/api.md: paging where named — `page` starts at 0 (docs/product-spec.md §9). */
export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  limit: z.coerce.number().int().min(1).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** docs/api.md: money on the wire is a decimal number with at most two fraction digits. */
export const Money = z.object({ Amount: z.number(), CurrencyCode: z.string().length(3) });
export type Money = z.infer<typeof Money>;

/** Converts integer minor units (how money is held) to the wire's decimal number. */
export const minorToAmount = (minor: number): number => Math.round(minor) / 100;
/** Converts a wire amount to integer minor units without float drift (0.29 → 29, not 28). */
export const amountToMinor = (amount: number): number => Math.round(amount * 100);

/**
 * An amount a client sends (docs/api.md: a decimal with at most two fraction digits). Rules on it
 * should compare minor units (`amountToMinor`): 5e-324 is a number other than 0, but the zero it
 * rounds to once held as cents.
 */
export const AmountInput = z
  .number({ error: 'Enter an amount' })
  .refine(Number.isFinite, { message: 'Enter an amount', abort: true })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'At most two decimals',
    abort: true,
  })
  .refine((value) => Number.isSafeInteger(amountToMinor(value)), { message: 'Too large', abort: true });
