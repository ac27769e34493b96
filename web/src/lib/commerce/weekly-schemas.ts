import { z } from 'zod';
import { foodMarksSchema } from '@/lib/food/food-schemas';

/** What the weekly-ordering pages read from the API (docs/decisions-left-open.md#weekly-ordering), checked on arrival. */
const money = z.object({ valuePence: z.number().int(), formattedValue: z.string() });

export const guideProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  packSize: z.string(),
  salesUnit: z.string(),
  storageText: z.string(),
  shelfLifeDays: z.number().int(),
  minOrderQuantity: z.number().int(),
  purchasable: z.boolean(),
  stock: z.object({ stockLevelStatus: z.string() }),
  price: money.optional(),
  foodMarks: foodMarksSchema,
});

export const guideLineSchema = z.object({
  product: guideProductSchema,
  timesOrdered: z.number().int(),
  lastOrderedAt: z.string().nullable(),
  lastQuantity: z.number().int().nullable(),
  usualQuantity: z.number().int().nullable(),
  parLevel: z.number().int().nullable(),
  unavailableReason: z.enum(['discontinued', 'outOfStock']).nullable(),
});

export const orderGuideSchema = z.object({ entries: z.array(guideLineSchema) });

export type GuideLine = z.infer<typeof guideLineSchema>;

export const bulkReasons = ['unknownProduct', 'notInRange', 'belowMinimum', 'badQuantity', 'discontinued', 'cartFull'] as const;

export const bulkAnswerSchema = z.object({
  added: z.array(z.object({ entryNumber: z.number().int(), quantity: z.number().int(), product: z.object({ code: z.string(), name: z.string() }) })),
  problems: z.array(z.object({ line: z.number().int(), code: z.string(), reason: z.enum(bulkReasons), message: z.string() })),
});

export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;
export type BulkProblem = BulkAnswer['problems'][number];

export const parAnswerSchema = z.object({ productCode: z.string(), parLevel: z.number().int() });
