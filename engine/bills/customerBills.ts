/**
 * The bills a buyer adds for their own cars (domain/bills/myBills.ts): the port. Every call names the
 * customer; another customer's bill or car is the same as an unknown one.
 */
import type { MyBill } from '../../domain/bills/myBills.ts';
import type { Currency } from '../../domain/markets.ts';
import type { StoredMedia } from '../media/mediaStorage.ts';

/** The file as received: its bytes, and whether the upload limit cut it. */
export interface ReceivedFile {
  readonly bytes: Buffer | undefined;
  readonly truncated: boolean;
}

export interface CustomerBills {
  /** The customer's bills, by car then newest day first. */
  list(customerId: string): Promise<MyBill[]>;
  /**
   * Adds a bill for one of the customer's cars. Bad fields, a car not theirs, a file missing, too big
   * or of another type → one ValidationError with every field's message; nothing is written. The same
   * `uploadKey` again (a double submit, a retry) answers the bill it made (`created: false`).
   * More than MAX_MY_BILLS → ConflictError.
   */
  add(
    customerId: string,
    fields: Readonly<Record<string, unknown>>,
    file: ReceivedFile,
    market: { readonly currency: Currency; readonly timeZone: string },
  ): Promise<{ bill: MyBill; created: boolean }>;
  /** The bill's file; another's or unknown → NotFoundError. */
  file(customerId: string, billId: string): Promise<StoredMedia & { readonly bill: MyBill }>;
  /** Removes the bill; one not there (already removed, another's) removes nothing (a retry is harmless). */
  remove(customerId: string, billId: string): Promise<void>;
  /**
   * Around the removal of a car (`removeCar` deletes its row, its bills' rows go by cascade): the files
   * of the car's bills are removed once it succeeded.
   */
  removeCar(customerId: string, carId: string, removeCar: () => Promise<void>): Promise<void>;
  /** Erasing a customer: their bills' files and rows (call before the cars' and the account's erase). */
  eraseCustomer(customerId: string): Promise<void>;
}
