import { z } from 'zod';
import { scrubLine, scrubMultiline } from './scrub';

const line = (max: number) => z.string().max(max).transform(scrubLine);
const optionalLine = (max: number) => line(max).optional();

/** The storefront's error report (docs/storefront-requirements.md §7). Lengths are checked before scrubbing, which only shortens. */
export const clientErrorReport = z.object({
  messageType: line(32).pipe(z.string().min(1)),
  message: z.string().min(1).max(2000).transform(scrubMultiline),
  description: z.string().max(8000).transform(scrubMultiline).optional(),
  url: optionalLine(2048),
  site: optionalLine(64),
  issueType: optionalLine(64),
  userName: optionalLine(254),
  customerId: optionalLine(64),
  projectId: optionalLine(64),
});

export type ClientErrorReport = z.infer<typeof clientErrorReport>;
