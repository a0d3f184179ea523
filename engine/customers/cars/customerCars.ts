/**
 * The buyer's own cars (account area, SPEC §7 `add-my-car`, `add-my-car/image`, `add-my-car/update`):
 * the port. A customer sees and changes only their own: another customer's car (or an unknown id) is a
 * NotFoundError, the same answer. See engine/customers/README.md "My cars".
 */
import type { MyCar } from '../../../domain/customers/myCars.ts';
import type { StoredMedia } from '../../media/mediaStorage.ts';

export interface CustomerCars {
  /** The customer's cars, oldest first. */
  list(customerId: string): Promise<MyCar[]>;
  /** One car of theirs. */
  get(customerId: string, carId: string): Promise<MyCar>;
  /**
   * Records a car (domain/customers/myCars.ts `myCarSchema`): its facts in the table, its plate in the
   * vault, in one transaction. Bad input → ValidationError per field; already `MAX_MY_CARS` → ConflictError.
   */
  add(customerId: string, input: unknown): Promise<MyCar>;
  /**
   * Changes a car's facts and plate (all given, as the form sends them; an empty plate removes it). With
   * `expectedVersion`, a car changed meanwhile → ConflictError.
   */
  update(
    customerId: string,
    carId: string,
    input: unknown,
    options?: { readonly expectedVersion?: number | undefined },
  ): Promise<MyCar>;
  /** Removes a car, its plate and its picture. */
  remove(customerId: string, carId: string): Promise<void>;
  /**
   * Adds or replaces the car's picture: a JPEG, PNG or WebP (by its bytes) of at most
   * `MY_CAR_IMAGE_MAX_BYTES`, else ValidationError on `image`.
   */
  setImage(customerId: string, carId: string, bytes: Buffer): Promise<MyCar>;
  /** The car's picture (its owner only); NotFoundError when it has none. */
  image(customerId: string, carId: string): Promise<StoredMedia>;
  /** Deletes every car and picture of the customer: call it before erasing the customer. */
  eraseCustomer(customerId: string): Promise<void>;
}
