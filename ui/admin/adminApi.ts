/**
 * The back office's JSON calls (http/routes/adminAuthApi.ts, adminFunnelsApi.ts, adminCustomersApi.ts,
 * adminSavedViewsApi.ts) and their query options. Every call sends the session cookie; a state-changing one the CSRF token. An error
 * status becomes an `ApiError`: a 401 means the sign-in is gone (entryAdmin.tsx sends the staff member
 * to the sign-in page with `?next=`).
 */

import { queryOptions } from '@tanstack/react-query';
import type { CarPhoto } from '../../domain/catalogue/carPhotos.ts';
import type { SavedViewList, ViewFilters } from '../../domain/staff/savedViews.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { ApiError } from '../api/ApiError.ts';

export interface Staff {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
}

export interface ListPage<Item> {
  readonly items: Item[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly pages: number;
}

interface ListCustomer {
  readonly id: string;
  readonly name: string | null;
  readonly erased: boolean;
}

export interface PurchaseAmounts {
  readonly currency: string;
  readonly total: number;
  readonly totalPrice: number;
  readonly carPrice: number;
  readonly advancePayment: number;
  readonly advancePaid: number;
  readonly [name: string]: number | string;
}

export interface PurchaseItem {
  readonly purchaseId: string;
  readonly carId: string;
  readonly dealerId: string;
  readonly market: string;
  readonly customerId: string | null;
  readonly step: string | null;
  readonly status: string;
  readonly amounts: PurchaseAmounts;
  readonly holdUntil: string | null;
  readonly createdAt: string;
  readonly customer: ListCustomer | null;
}

export interface BookingItem {
  readonly bookingId: string;
  readonly carId: string | null;
  readonly market: string | null;
  readonly customerId: string | null;
  readonly status: string;
  readonly screen: string;
  readonly deposit: { readonly amount: number; readonly currency: string } | null;
  readonly holdUntil: string | null;
  readonly createdAt: string;
  readonly customer: ListCustomer | null;
}

export interface TimelineEntry {
  readonly revision: number;
  readonly type: string;
  readonly at: string;
  readonly who: string;
  /** Who, as stored in the event's metadata: `{ kind: 'staff', staffId, role }`, a buyer, the system. */
  readonly actor: Readonly<Record<string, unknown>> | null;
  /** The staff member's or the buyer's name (null for the system, a visitor, once erased). */
  readonly actorName: string | null;
  /** The reason a staff member gave for the command, else null. */
  readonly reason?: string | null;
  readonly data: Readonly<Record<string, unknown>>;
  readonly after: { readonly step: string | null; readonly status: string };
}

export interface FunnelDetail {
  /** The purchase or the booking now (`purchase` or `booking` in the answer). */
  readonly funnel: Readonly<Record<string, unknown>> & {
    readonly carId: string | null;
    readonly market: string | null;
    readonly status: string;
  };
  readonly customer: {
    readonly id: string;
    readonly name: string | null;
    readonly email: string | null;
    readonly phone: string | null;
    readonly erased: boolean;
  } | null;
  readonly allowedCommands: readonly string[];
  readonly timeline: readonly TimelineEntry[];
}

/** The state after one event (`/state?after=`): flat fields, the allowed commands, the machine. */
export type FunnelState = Readonly<Record<string, unknown>> & {
  readonly event: { readonly revision: number; readonly type: string; readonly at: string };
  readonly allowedCommands: readonly string[];
  readonly machine: { readonly value: unknown; readonly context: Readonly<Record<string, unknown>> };
};

/** The back-office API's collection of a funnel kind (its path segment): not the domain's `FunnelKind`. */
export type FunnelCollection = 'purchases' | 'bookings';

export interface CustomerItem {
  readonly number: number | null;
  readonly customerId: string;
  readonly since: string;
  readonly markets: readonly string[];
  readonly purchases: { readonly total: number; readonly byStatus: Readonly<Record<string, number>> };
  readonly bookings: { readonly total: number; readonly byStatus: Readonly<Record<string, number>> };
  readonly lastActivityAt: string;
  readonly erased: boolean;
  readonly erasedAt: string | null;
  /** Null for analysts and for erased customers. */
  readonly name: string | null;
}

export interface CustomerErasure {
  readonly customerId: string;
  readonly number: number | null;
  readonly erasedAt: string;
  readonly by: string;
  readonly reason: string;
}

/** `GET /admin/api/customers/:number` (http/routes/adminCustomersApi.ts). */
export interface CustomerDetail {
  readonly customer: CustomerItem;
  /** Null for analysts and erased customers. */
  readonly contact: { readonly email: string | null; readonly phone: string | null } | null;
  readonly funnels: readonly {
    readonly funnel: 'purchase' | 'booking';
    readonly id: string;
    readonly market: string | null;
    readonly status: string;
    readonly step: string | null;
    readonly createdAt: string;
    readonly updatedAt: string;
  }[];
  readonly favorites: number;
  readonly consents: Readonly<Record<string, { readonly given: boolean; readonly at: string }>> | null;
  readonly cars: readonly {
    readonly carId: string;
    readonly brand: string;
    readonly model: string;
    readonly year: number;
    readonly mileageKm: number;
  }[];
  readonly bills: number;
  readonly erasure: CustomerErasure | null;
}

let csrfToken = '';
/** The session's CSRF token (from the shell's boot data, then from each sign-in). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** An error answer of the back office's API with its body (a 400's `fields`, a 409's `allowedCommands`). */
export class AdminApiError extends ApiError {
  readonly body: {
    readonly error?: string;
    readonly fields?: Readonly<Record<string, readonly string[]>>;
    readonly allowedCommands?: readonly string[];
    readonly status?: string | null;
    /** A 409 of the saved views: the view that has the name already. */
    readonly view?: { readonly id: string; readonly name: string };
  };

  constructor(status: number, path: string, body: unknown, message: string) {
    super(status, path, message);
    this.body = body !== null && typeof body === 'object' ? (body as AdminApiError['body']) : {};
  }
}

export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Readonly<Record<string, string>>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrfToken }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError(0, path, 'no answer', { cause: error });
  }
  if (response.status === 204) return undefined as T;
  const json = await response.json().catch(() => undefined);
  if (!response.ok)
    throw new AdminApiError(response.status, path, json, json?.message ?? response.statusText);
  return json as T;
}

export const meQuery = queryOptions({
  queryKey: ['admin', 'me'],
  queryFn: () => call<Staff>('GET', '/admin/api/me'),
  staleTime: 60_000,
});

/** The API's query string of a list's filters (empty values left out). */
export function apiQuery(filters: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const listQuery = <Item>(
  kind: FunnelCollection,
  filters: Readonly<Record<string, string | number | undefined>>,
) =>
  queryOptions({
    queryKey: ['admin', kind, 'list', filters],
    queryFn: () => call<ListPage<Item>>('GET', `/admin/api/${kind}${apiQuery(filters)}`),
    placeholderData: (previous) => previous,
  });

export const detailQuery = (kind: FunnelCollection, id: string) =>
  queryOptions({
    queryKey: ['admin', kind, id],
    queryFn: async (): Promise<FunnelDetail> => {
      const answer = await call<Record<string, unknown>>('GET', `/admin/api/${kind}/${id}`);
      const funnel = (kind === 'purchases' ? answer.purchase : answer.booking) as FunnelDetail['funnel'];
      return { ...(answer as unknown as FunnelDetail), funnel };
    },
  });

export const customerListQuery = (filters: Readonly<Record<string, string | number | undefined>>) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'list', filters],
    queryFn: () => call<ListPage<CustomerItem>>('GET', `/admin/api/customers${apiQuery(filters)}`),
    placeholderData: (previous) => previous,
  });

export const customerDetailQuery = (number: string) =>
  queryOptions({
    queryKey: ['admin', 'customers', number],
    queryFn: () => call<CustomerDetail>('GET', `/admin/api/customers/${number}`),
  });

export const stateQuery = (kind: FunnelCollection, id: string, after: number) =>
  queryOptions({
    queryKey: ['admin', kind, id, 'state', after],
    queryFn: () => call<FunnelState>('GET', `/admin/api/${kind}/${id}/state?after=${after}`),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The staff commands the detail pages offer, as the funnel's `allowedCommands` names them. */
export type StaffCommand =
  | 'CancelPurchase'
  | 'RecordFinanceDecision'
  | 'LoseHold'
  | 'ExtendHold'
  | 'RecordHandover'
  | 'CancelBooking'
  | 'ExtendBookingHold'
  | 'ReleaseBookingHold'
  | 'RefundDeposit';

/** Each command's path under its funnel (http/routes/adminFunnelCommandsApi.ts). */
export const COMMAND_PATHS: Readonly<Record<StaffCommand, string>> = {
  CancelPurchase: 'cancel',
  RecordFinanceDecision: 'finance-decision',
  LoseHold: 'hold/release',
  ExtendHold: 'hold/extend',
  RecordHandover: 'handover',
  CancelBooking: 'cancel',
  ExtendBookingHold: 'hold/extend',
  ReleaseBookingHold: 'hold/release',
  RefundDeposit: 'deposit/refund',
};

/**
 * Sends a staff command with the CSRF token and its `Idempotency-Key` (one per opened form, so a
 * double click or a retry is one command); answers the funnel's view.
 */
export function sendCommand(
  kind: FunnelCollection,
  id: string,
  command: StaffCommand,
  body: Readonly<Record<string, unknown>>,
  idempotencyKey: string,
): Promise<unknown> {
  return call('POST', `/admin/api/${kind}/${id}/${COMMAND_PATHS[command]}`, body, {
    'idempotency-key': idempotencyKey,
  });
}

/** A saved view of a list (http/routes/adminSavedViewsApi.ts). */
export interface SavedView {
  readonly id: string;
  readonly list: SavedViewList;
  readonly name: string;
  readonly filters: ViewFilters;
  readonly shared: boolean;
  readonly owner: { readonly id: string; readonly name: string };
  readonly mayChange: boolean;
}

export const savedViewsQuery = (list: SavedViewList) =>
  queryOptions({
    queryKey: ['admin', 'saved-views', list],
    queryFn: async () =>
      (await call<{ views: SavedView[] }>('GET', `/admin/api/saved-views?list=${list}`)).views,
  });

/** Saves the list's filters as a view; a retry with the same `idempotencyKey` answers the same view. */
export function createSavedView(
  body: { list: SavedViewList; name: string; filters: ViewFilters; shared: boolean },
  idempotencyKey: string,
): Promise<SavedView> {
  return call('POST', '/admin/api/saved-views', body, { 'idempotency-key': idempotencyKey });
}

export function changeSavedView(
  id: string,
  change: { name?: string; filters?: ViewFilters; shared?: boolean },
): Promise<SavedView> {
  return call('PUT', `/admin/api/saved-views/${id}`, change);
}

export function deleteSavedView(id: string): Promise<void> {
  return call('DELETE', `/admin/api/saved-views/${id}`);
}

/** A funnel step's entries and the share of them that reached the next step (null: an outcome). */
export interface DashboardStep {
  readonly step: string;
  readonly entries: number;
  readonly exits: number;
  readonly reachedNext: number | null;
}

/** The dashboard's figures (http/routes/adminDashboardApi.ts). */
export interface DashboardFigures {
  readonly from: string;
  readonly to: string;
  readonly market: string | null;
  readonly conversion: readonly {
    readonly funnel: 'purchase' | 'booking';
    readonly steps: readonly DashboardStep[];
    readonly markets: readonly { readonly market: string; readonly steps: readonly DashboardStep[] }[];
  }[];
  readonly days: readonly {
    readonly day: string;
    readonly purchasesStarted: number;
    readonly purchasesConfirmed: number;
    readonly bookingsStarted: number;
    readonly bookingsConfirmed: number;
  }[];
  readonly revenue: readonly {
    readonly currency: string;
    readonly amount: number;
    readonly purchases: number;
  }[];
  readonly holdsExpired: number;
  readonly finance: { readonly accepted: number; readonly declined: number; readonly 'by-pass': number };
  readonly confirmation: { readonly purchases: number; readonly medianSeconds: number | null };
  readonly projections: readonly {
    readonly name: string;
    readonly status: string;
    readonly lag: number;
    readonly capped: boolean;
  }[];
}

export const dashboardQuery = (filters: Readonly<Record<string, string | undefined>>) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', filters],
    queryFn: () => call<DashboardFigures>('GET', `/admin/api/dashboard${apiQuery(filters)}`),
    placeholderData: (previous) => previous,
  });

/** A car as staff see it beside a funnel (`GET /admin/api/cars/:carId`, from its stream). */
export interface StaffCar {
  readonly carId: string;
  readonly price: { readonly amount: number; readonly currency: string };
  readonly status: 'available' | 'reserved' | 'sold' | 'withdrawn';
  readonly activeHold: {
    readonly holdId: string;
    readonly holder: { readonly funnel: 'booking' | 'purchase'; readonly id: string };
    readonly until: string;
  } | null;
  readonly allowedCommands: readonly CarCommand[];
}

export const carQuery = (carId: string) =>
  queryOptions({
    queryKey: ['admin', 'cars', carId],
    queryFn: () => call<StaffCar>('GET', `/admin/api/cars/${carId}`),
  });

/** The staff commands on a car, as its `allowedCommands` names them, and their paths. */
export type CarCommand = 'ChangeCarPrice' | 'WithdrawCar';
export const CAR_COMMAND_PATHS: Readonly<Record<CarCommand, string>> = {
  ChangeCarPrice: 'price',
  WithdrawCar: 'withdraw',
};

/** Sends a staff command on a car (CSRF token, one `Idempotency-Key` per opened form); answers the car. */
export function sendCarCommand(
  carId: string,
  command: CarCommand,
  body: Readonly<Record<string, unknown>>,
  idempotencyKey: string,
): Promise<StaffCar> {
  return call<StaffCar>('POST', `/admin/api/cars/${carId}/${CAR_COMMAND_PATHS[command]}`, body, {
    'idempotency-key': idempotencyKey,
  });
}

/** Stock imports (http/routes/adminImportApi.ts): a month's log, one import's report, the upload. */
export interface ImportCounts {
  readonly rows: number;
  readonly listed: number;
  readonly updated: number;
  readonly repriced: number;
  readonly withdrawn: number;
  readonly unchanged: number;
  readonly rejected: number;
}

export interface ImportSummary {
  readonly importId: string;
  readonly at: string;
  readonly fileName: string;
  readonly by?: { readonly id: string; readonly name: string };
  readonly format: 'csv' | 'xlsx';
  readonly dealers: readonly string[];
  readonly counts: ImportCounts;
}

export interface ImportRejection {
  readonly line: number;
  readonly field: string;
  readonly message: string;
  readonly dealerId?: string;
  readonly reference?: string;
}

export interface ImportReport extends ImportSummary {
  readonly rejections: readonly ImportRejection[];
  readonly rejectionsTruncated: boolean;
  /** Photo URLs of the feed that could not be used (engine/media/importFeedPhotos.ts). */
  readonly warnings?: readonly ImportRejection[];
  readonly photosAdded?: number;
}

export const importListQuery = (yearMonth: string) =>
  queryOptions({
    queryKey: ['admin', 'imports', 'list', yearMonth],
    queryFn: () => call<ImportSummary[]>('GET', `/admin/api/imports?yearMonth=${yearMonth}`),
  });

export const importQuery = (importId: string) =>
  queryOptions({
    queryKey: ['admin', 'imports', importId],
    queryFn: () => call<ImportReport>('GET', `/admin/api/imports/${encodeURIComponent(importId)}`),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A dealer of the catalogue (http/routes/adminDealersApi.ts), open or closed. */
export interface StaffDealer {
  readonly dealerId: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly open: boolean;
}

export const dealerQuery = (dealerId: string) =>
  queryOptions({
    queryKey: ['admin', 'dealers', dealerId],
    queryFn: () => call<StaffDealer>('GET', `/admin/api/dealers/${encodeURIComponent(dealerId)}`),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * Sends `file` to `path` as a form would (multipart `file`), through XMLHttpRequest (fetch reports no
 * upload progress), telling `onProgress` the part sent (0 to 1); resolves to the answer, rejects with an
 * AdminApiError.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (sent: number) => void = () => {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('x-csrf-token', csrfToken);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new AdminApiError(request.status, path, body, request.statusText || 'upload refused'));
    });
    request.addEventListener('error', () => reject(new ApiError(0, path, 'no answer')));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/** Uploads a stock feed; resolves to the import's report. */
export function uploadFeed(file: File, onProgress: (sent: number) => void): Promise<ImportReport> {
  return uploadFile<ImportReport>('/admin/api/imports', file, onProgress);
}

/** The session's CSRF token now (for a form the app renders: CarPhotosPanel.tsx). */
export const currentCsrfToken = (): string => csrfToken;

/** A car photo sent as the page's form would (multipart `file`), with the share sent so far. */
export function uploadCarPhoto(
  carId: string,
  file: File,
  onProgress: (sent: number) => void,
): Promise<{ photos: CarPhoto[] }> {
  return uploadFile(`/admin/api/cars/${encodeURIComponent(carId)}/photos`, file, onProgress);
}

/** A car's photos in their order. */
export const carPhotosQuery = (carId: string) =>
  queryOptions({
    queryKey: ['admin', 'car-photos', carId],
    queryFn: () => call<{ photos: CarPhoto[] }>('GET', `/admin/api/cars/${encodeURIComponent(carId)}/photos`),
  });
