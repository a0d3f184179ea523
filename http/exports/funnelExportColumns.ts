/**
 * The columns of the bookings and purchases exports: the list's fields, one per column, with money in
 * major units (the currency in its own column) so a spreadsheet can sum it, and times as dates.
 */
import type { BookingListItem } from '../../projections/funnels/bookingQueries.ts';
import type { PurchaseListItem } from '../../projections/funnels/purchaseQueries.ts';
import type { ListCustomer } from '../routes/funnelHistoryViews.ts';
import type { ExportColumn } from './sendTableExport.ts';

type WithCustomer<Item> = Item & { readonly customer: ListCustomer | null };

const major = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? null : minor / 100;
const date = (iso: string | null) => (iso === null ? null : new Date(iso));
const name = (c: ListCustomer | null) => (c === null ? null : c.erased ? '(erased)' : c.name);

export const BOOKING_EXPORT_COLUMNS: readonly ExportColumn<WithCustomer<BookingListItem>>[] = [
  { header: 'Booking', value: (b) => b.bookingId },
  { header: 'Car', value: (b) => b.carId },
  { header: 'Market', value: (b) => b.market },
  { header: 'Customer id', width: 38, value: (b) => b.customerId },
  { header: 'Customer', width: 24, value: (b) => name(b.customer) },
  { header: 'Status', width: 16, value: (b) => b.status },
  { header: 'Screen', width: 24, value: (b) => b.screen },
  { header: 'Active', value: (b) => b.active },
  { header: 'Outcome', value: (b) => b.outcome },
  { header: 'Deposit', value: (b) => major(b.deposit?.amount) },
  { header: 'Currency', value: (b) => b.deposit?.currency ?? null },
  { header: 'Deposit paid', value: (b) => b.depositPaid },
  { header: 'Deposit refunded', value: (b) => b.depositRefunded },
  { header: 'Hold until', width: 22, value: (b) => date(b.holdUntil) },
  { header: 'Purchase', value: (b) => b.purchaseId },
  { header: 'Cancelled by', value: (b) => b.cancelledBy },
  { header: 'Created', width: 22, value: (b) => date(b.createdAt) },
  { header: 'Updated', width: 22, value: (b) => date(b.updatedAt) },
];

export const PURCHASE_EXPORT_COLUMNS: readonly ExportColumn<WithCustomer<PurchaseListItem>>[] = [
  { header: 'Purchase', value: (p) => p.purchaseId },
  { header: 'Car', value: (p) => p.carId },
  { header: 'Dealer', value: (p) => p.dealerId },
  { header: 'Market', value: (p) => p.market },
  { header: 'Customer id', width: 38, value: (p) => p.customerId },
  { header: 'Customer', width: 24, value: (p) => name(p.customer) },
  { header: 'Step', width: 20, value: (p) => p.step },
  { header: 'Status', width: 24, value: (p) => p.status },
  { header: 'Funding', value: (p) => p.funding },
  { header: 'Finance decision', value: (p) => p.financeDecision },
  { header: 'Currency', value: (p) => p.amounts.currency },
  { header: 'Car price', value: (p) => major(p.amounts.carPrice) },
  { header: 'Delivery', value: (p) => major(p.amounts.delivery) },
  { header: 'Trade-in', value: (p) => major(p.amounts.tradeIn) },
  { header: 'Extras', value: (p) => major(p.amounts.extras) },
  { header: 'Total price', value: (p) => major(p.amounts.totalPrice) },
  { header: 'Total due', value: (p) => major(p.amounts.total) },
  { header: 'Advance payment', value: (p) => major(p.amounts.advancePayment) },
  { header: 'Advance paid', value: (p) => major(p.amounts.advancePaid) },
  { header: 'Financed', value: (p) => major(p.amounts.financed) },
  { header: 'Balance at delivery', value: (p) => major(p.amounts.balanceAtDelivery) },
  { header: 'From booking', value: (p) => p.fromBookingId },
  { header: 'Hold until', width: 22, value: (p) => date(p.holdUntil) },
  { header: 'Created', width: 22, value: (p) => date(p.createdAt) },
  { header: 'Updated', width: 22, value: (p) => date(p.updatedAt) },
];
