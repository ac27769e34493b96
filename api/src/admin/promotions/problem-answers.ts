import type { PromotionProblem } from '../../pricing/promotions/promotion-writer';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';

/** The HTTP answers of the promotion writes (docs/promotions.md). */
export function promotionProblemToApiError(problem: PromotionProblem): ApiError {
  switch (problem.kind) {
    case 'promotionNotFound':
      return notFound('PromotionError', 'code', `Promotion '${problem.code}' not found`);
    case 'codeTaken':
      return conflict('PromotionError', 'code', `There is already a promotion ${problem.code}: choose another code`);
    case 'unknownReferences':
      return badRequest(problem.field, problem.reason, 'PromotionError');
    case 'staleVersion':
      return conflict('PromotionError', 'version', `Promotion ${problem.code} has changed since it was read (now version ${problem.currentVersion}); reload it and try again`);
    case 'alreadyEnded':
      return conflict('PromotionError', 'code', problem.action === 'end' ? `Promotion ${problem.code} has already ended` : `Promotion ${problem.code} was ended early and can no longer be changed`);
  }
}
