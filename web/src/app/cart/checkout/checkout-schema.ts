import { z } from 'zod';

/** The checkout fields, checked in the browser and again by the server (the API's limits). */
export const checkoutDetailsSchema = z.object({
  requestedDeliveryDate: z.iso.date('Choose a delivery date'),
  purchaseOrderNumber: z.string().trim().max(35, 'Use at most 35 characters for the purchase order number'),
  deliveryInstructions: z.string().trim().max(500, 'Use at most 500 characters for the delivery instructions'),
});

export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;
