/** A valued car's name as the buyer reads it ("Peugeot 308"), shared by the offer page and the account's list. */
import { brandName, modelName } from '../../../domain/catalogue/reference/brandNames.ts';
import type { TradeInVehicle } from '../../../domain/valuation/valueTradeIn.ts';

export const carName = (vehicle: Pick<TradeInVehicle, 'brand' | 'model'>) =>
  `${brandName(vehicle.brand)} ${modelName(vehicle.brand, vehicle.model)}`;
