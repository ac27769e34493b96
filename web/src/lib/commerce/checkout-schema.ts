import { z } from 'zod';
import { LIMIT_MESSAGES, LIMITS } from '@/lib/limits';

/** The checkout fields, checked in the browser and again by the server (the API's limits). */
export const checkoutDetailsSchema = z.object({
  requestedDeliveryDate: z.iso.date('Choose a delivery date'),
  purchaseOrderNumber: z.string().trim().max(LIMITS.purchaseOrderNumber, LIMIT_MESSAGES.purchaseOrderNumber),
  deliveryInstructions: z.string().trim().max(LIMITS.deliveryInstructions, LIMIT_MESSAGES.deliveryInstructions),
});

