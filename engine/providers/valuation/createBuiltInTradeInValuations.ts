/**
 * The built-in valuation provider: depreciation from the catalogue's reference new prices
 * (domain/valuation), computed in-process, no network. A real adapter implements the same port.
 */

import { validate } from '../../../domain/validate.ts';
import {
  revaluationChangeSchema,
  valuationRequestSchema,
} from '../../../domain/valuation/valuationSchemas.ts';
import { revalueTradeIn, valueTradeIn } from '../../../domain/valuation/valueTradeIn.ts';
import type { TradeInValuations } from './tradeInValuations.ts';

export type BuiltInTradeInValuationsOptions = Record<string, never>;

export function createBuiltInTradeInValuations(
  _options: BuiltInTradeInValuationsOptions = {},
): TradeInValuations {
  return {
    async value(request) {
      return valueTradeIn(validate(valuationRequestSchema, request, 'valuation request'));
    },
    async revalue(previous, change) {
      return revalueTradeIn(previous, validate(revaluationChangeSchema, change, 'revaluation'));
    },
  };
}
