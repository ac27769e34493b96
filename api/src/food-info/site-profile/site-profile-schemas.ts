import { z } from 'zod';
import { ALLERGENS } from '../allergens';

/** ?shipTo=: the site whose profile is read or changed. */
export const profileQuery = z.object({ shipTo: z.string().trim().min(1).max(20) });

/** PUT body: every allergen the site avoids, the whole list (an empty one avoids none). */
export const profileBody = z.object({ avoids: z.array(z.enum(ALLERGENS)).max(ALLERGENS.length * 2) });

export const profileResponse = {
  200: {
    type: 'object',
    required: ['shipTo', 'avoids', 'canEdit'],
    properties: {
      shipTo: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
      avoids: { type: 'array', items: { type: 'string', enum: [...ALLERGENS] } },
      canEdit: { type: 'boolean' },
    },
  },
} as const;
