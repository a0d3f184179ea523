/** What a test buyer types into the purchase forms: the my-infos step (France) and a trade-in vehicle. */
import type { MyInfosBody } from '../../../domain/purchase/myInfosForm.ts';
import type { TradeInVehicle } from '../../../domain/valuation/valueTradeIn.ts';

/** The my-infos body of a private buyer in Paris (`checkMyInfoStep`, `purchases.submitInfos`). */
export const MY_INFOS_FR: MyInfosBody = {
  buyerType: 'private',
  firstName: 'Camille',
  lastName: 'Martin',
  phone: '+33 6 12 34 56 78',
  address: { line1: '12 rue Oberkampf', postcode: '75011', city: 'Paris', country: 'FR' },
};

/** A car to trade in (`form/recovery` with `action: 'value'`, `purchases.valueTradeIn`). */
export const TRADE_IN: TradeInVehicle = {
  brand: 'renault',
  model: 'clio',
  year: 2018,
  mileageKm: 60_000,
  condition: 'good',
  fuel: 'petrol',
};
