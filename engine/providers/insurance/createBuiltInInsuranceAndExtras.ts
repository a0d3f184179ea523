/**
 * The built-in insurance and extras provider: the per-market catalogues of domain/insurance, computed
 * in-process, no network. A real adapter implements the same port.
 */
import { coverRequestSchema, selectionSchema } from '../../../domain/insurance/insuranceSchemas.ts';
import { extrasFor, insuranceOffersFor, priceSelection } from '../../../domain/insurance/priceSelection.ts';
import { validate } from '../../../domain/validate.ts';
import type { InsuranceAndExtras } from './insuranceAndExtras.ts';

export type BuiltInInsuranceAndExtrasOptions = Record<string, never>;

export function createBuiltInInsuranceAndExtras(
  _options: BuiltInInsuranceAndExtrasOptions = {},
): InsuranceAndExtras {
  return {
    async offers(request) {
      const valid = validate(coverRequestSchema, request, 'cover request');
      return { insurance: insuranceOffersFor(valid), extras: extrasFor(valid) };
    },
    async price(selection) {
      return priceSelection(validate(selectionSchema, selection, 'selection'));
    },
  };
}
